import { describe, expect, it } from 'vitest';
import { errorNameOf } from '../simulator/test-table.js';
import { checkKeyShape } from './key-shapes.js';

const KRAKEN_SECRET = Buffer.alloc(64, 7).toString('base64');
const KRAKEN_KEY = Buffer.alloc(42, 3).toString('base64');
const PEM = '-----BEGIN EC PRIVATE KEY-----\\nMHcCAQEEIA==\\n-----END EC PRIVATE KEY-----\\n';

describe('exchange key shapes', () => {
  it.each([
    ['binance', 'any-printable-key', 'any-printable-secret'],
    ['kraken', KRAKEN_KEY, KRAKEN_SECRET],
    ['coinbase', 'organizations/abc/apiKeys/def', PEM],
    ['okx', '0f5d2c1e-1b2c-4d5e-8f90-1234567890ab', 'A'.repeat(32)],
    ['bitfinex', 'a'.repeat(43), 'B'.repeat(43)],
  ])('accepts %s keys of its shape', async (exchange, key, secret) => {
    const passphrase = exchange === 'okx' ? 'Pass-phrase1' : undefined;
    expect(await errorNameOf(async () => checkKeyShape(exchange, key, secret, passphrase))).toBe('none');
  });

  it.each([
    ['okx', undefined],
    ['okx', 'short'],
    ['okx', 'with a space'],
    ['kraken', 'Pass-phrase1'],
  ])(
    'refuses %s keys with a passphrase of the wrong shape (%s), never echoing it',
    async (exchange, passphrase) => {
      const [key, secret] =
        exchange === 'okx'
          ? ['0f5d2c1e-1b2c-4d5e-8f90-1234567890ab', 'A'.repeat(32)]
          : [KRAKEN_KEY, KRAKEN_SECRET];
      let message = '';
      try {
        checkKeyShape(exchange, key, secret, passphrase);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(await errorNameOf(async () => checkKeyShape(exchange, key, secret, passphrase))).toBe(
        'EXCHANGE_KEYS_SHAPE_INVALID',
      );
      if (passphrase !== undefined) expect(message).not.toContain(passphrase);
    },
  );

  it.each([
    ['kraken', KRAKEN_KEY, 'not-base64!'],
    ['kraken', KRAKEN_KEY, Buffer.alloc(32).toString('base64')],
    ['kraken', 'short', KRAKEN_SECRET],
    ['coinbase', 'my-key', PEM],
    ['coinbase', 'organizations/abc/apiKeys/def', 'plain-secret'],
    ['okx', 'not-a-uuid', 'A'.repeat(32)],
    ['bitfinex', 'a'.repeat(42), 'B'.repeat(43)],
  ])('refuses %s keys of another shape, never echoing them', async (exchange, key, secret) => {
    let message = '';
    try {
      checkKeyShape(exchange, key, secret);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(await errorNameOf(async () => checkKeyShape(exchange, key, secret))).toBe(
      'EXCHANGE_KEYS_SHAPE_INVALID',
    );
    expect(message).not.toContain(secret);
  });
});
