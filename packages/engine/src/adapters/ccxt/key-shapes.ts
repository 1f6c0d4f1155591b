import { CodedError } from '@balancer/core';

/**
 * The shape of the API keys each exchange issues, checked before keys are stored so that a key
 * pasted into the wrong field, or a key of another exchange, is refused with a coded error
 * (EXCHANGE_KEYS_SHAPE_INVALID) instead of failing at the first signed request. Values are never
 * echoed. The shapes are those the exchanges document:
 * - Binance: key and secret of printable characters (HMAC keys are 64 letters and digits; Ed25519
 *   and RSA keys differ, so only printable text is required).
 * - Kraken: a base64 public key, and a base64 private key of 64 bytes (HMAC-SHA512).
 * - Coinbase Advanced Trade (CDP keys): the key name `organizations/{org}/apiKeys/{id}` and an
 *   EC private key in PEM (`-----BEGIN EC PRIVATE KEY-----`); line breaks may be written as \n.
 * - OKX: a UUID key, a 32-hex-digit secret and the passphrase chosen with the key (OKX: 8–32
 *   characters); only OKX keys have a passphrase.
 * - Bitfinex: key and secret of 43 letters and digits.
 */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function refuse(exchange: string, what: string): never {
  throw new CodedError('EXCHANGE_KEYS_SHAPE_INVALID', `${exchange}: ${what}`);
}

const RULES: Record<string, (apiKey: string, secret: string) => void> = {
  binance: () => {},
  kraken: (apiKey, secret) => {
    if (!BASE64.test(apiKey) || apiKey.length < 40) refuse('kraken', 'the API key is a base64 public key');
    if (!BASE64.test(secret) || Buffer.from(secret, 'base64').length !== 64) {
      refuse('kraken', 'the private key is base64 of 64 bytes (88 characters)');
    }
  },
  coinbase: (apiKey, secret) => {
    if (!/^organizations\/[^/\s]+\/apiKeys\/[^/\s]+$/.test(apiKey)) {
      refuse('coinbase', 'the key name looks like organizations/{org}/apiKeys/{id}');
    }
    const pem = secret.replaceAll('\\n', '\n');
    if (!/^-----BEGIN EC PRIVATE KEY-----\n[A-Za-z0-9+/=\n]+\n-----END EC PRIVATE KEY-----\n?$/.test(pem)) {
      refuse('coinbase', 'the private key is an EC key in PEM (-----BEGIN EC PRIVATE KEY-----)');
    }
  },
  okx: (apiKey, secret) => {
    if (!UUID.test(apiKey)) refuse('okx', 'the API key is a UUID');
    if (!/^[0-9A-F]{32}$/i.test(secret)) refuse('okx', 'the secret is 32 hexadecimal digits');
  },
  bitfinex: (apiKey, secret) => {
    if (!/^[A-Za-z0-9]{43}$/.test(apiKey) || !/^[A-Za-z0-9]{43}$/.test(secret)) {
      refuse('bitfinex', 'the key and secret are 43 letters and digits each');
    }
  },
};

/** EXCHANGE_KEYS_SHAPE_INVALID unless the keys have the shape `exchange` issues (unknown: no rule). */
export function checkKeyShape(exchange: string, apiKey: string, secret: string, passphrase?: string): void {
  RULES[exchange]?.(apiKey, secret);
  if (exchange === 'okx') {
    if (passphrase === undefined) refuse('okx', 'the passphrase chosen with the key is needed as well');
    if (!/^[\x21-\x7e]{8,32}$/.test(passphrase)) refuse('okx', 'the passphrase is 8–32 printable characters');
  } else if (passphrase !== undefined) {
    refuse(exchange, 'only okx keys have a passphrase');
  }
}
