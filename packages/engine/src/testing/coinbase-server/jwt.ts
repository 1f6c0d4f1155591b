import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { KitRequest } from '../exchange-kit/index.js';
import { Unauthorized } from './coinbase-error.js';

/** The longest life a token may have: Coinbase's JWTs expire 2 minutes after they are made. */
export const COINBASE_JWT_MAX_LIFE_S = 120;
/**
 * Issuers accepted: "cdp" is what Coinbase's current "Creating a JWT" examples put in; CDP keys
 * made before that (and ccxt today) send "coinbase-cloud", which Coinbase still accepts.
 */
const ISSUERS = new Set(['cdp', 'coinbase-cloud']);

export interface CoinbaseKey {
  /** The key name: organizations/{org_id}/apiKeys/{key_id}. */
  name: string;
  /** The EC (P-256) public key the stand-in verifies with (PEM); the client holds the private one. */
  publicKeyPem: string;
}

interface Decoded {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  signed: Buffer;
  signature: Buffer;
}

function decode(token: string): Decoded {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Unauthorized('not a JWT');
  const [h, p, s] = parts as [string, string, string];
  try {
    return {
      header: JSON.parse(Buffer.from(h, 'base64url').toString('utf8')),
      claims: JSON.parse(Buffer.from(p, 'base64url').toString('utf8')),
      signed: Buffer.from(`${h}.${p}`),
      signature: Buffer.from(s, 'base64url'),
    };
  } catch {
    throw new Unauthorized('undecodable JWT');
  }
}

/**
 * Verifies `Authorization: Bearer <JWT>` as Coinbase's API key authentication describes: ES256
 * over header.payload with the key's EC key (raw r‖s signature), header kid = the key name and a
 * nonce never seen before (replays refused), claims sub = key name, iss cdp, nbf ≤ now < exp,
 * exp − nbf ≤ 120 s, and uri = "METHOD host/path" of this very request (no query). The stand-in
 * speaks plain http, so a scheme left in the uri ("http://host/path") is tolerated.
 */
export function createJwtVerifier(key: CoinbaseKey): (request: KitRequest, nowMs: number) => void {
  const publicKey: KeyObject = createPublicKey(key.publicKeyPem);
  const seenNonces = new Map<string, number>();
  return (request, nowMs) => {
    const auth = request.headers.authorization;
    if (!auth?.startsWith('Bearer ')) throw new Unauthorized('no bearer token');
    const { header, claims, signed, signature } = decode(auth.slice('Bearer '.length));
    if (header.alg !== 'ES256') throw new Unauthorized('alg');
    if (header.kid !== key.name || claims.sub !== key.name) throw new Unauthorized('unknown key');
    if (!verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)) {
      throw new Unauthorized('bad signature');
    }
    if (typeof claims.iss !== 'string' || !ISSUERS.has(claims.iss)) throw new Unauthorized('iss');
    const now = Math.floor(nowMs / 1000);
    const { nbf, exp } = claims;
    if (typeof nbf !== 'number' || typeof exp !== 'number') throw new Unauthorized('nbf/exp');
    if (nbf > now) throw new Unauthorized('not yet valid');
    if (exp <= now) throw new Unauthorized('expired');
    if (exp - nbf > COINBASE_JWT_MAX_LIFE_S) throw new Unauthorized('lives too long');
    const host = request.headers.host ?? '';
    const uri = typeof claims.uri === 'string' ? claims.uri.replace(/^(\S+) https?:\/\//, '$1 ') : '';
    if (uri !== `${request.method} ${host}${request.path}`) throw new Unauthorized('uri');
    const nonce = header.nonce;
    if (typeof nonce !== 'string' || nonce === '') throw new Unauthorized('no nonce');
    for (const [seen, expires] of seenNonces) if (expires <= now) seenNonces.delete(seen);
    if (seenNonces.has(nonce)) throw new Unauthorized('replayed nonce');
    seenNonces.set(nonce, exp);
  };
}
