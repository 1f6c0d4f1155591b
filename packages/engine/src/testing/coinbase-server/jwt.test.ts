import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { KitRequest } from '../exchange-kit/index.js';
import { createJwtVerifier } from './jwt.js';

const NAME = 'organizations/org-1/apiKeys/key-1';
const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const NOW_S = 1_700_000_000;

/** A JWT built by hand as Coinbase's "Creating a JWT" describes (ES256, kid, nonce; iss cdp). */
function token(header: Record<string, unknown> = {}, claims: Record<string, unknown> = {}): string {
  const h = { alg: 'ES256', kid: NAME, nonce: randomBytes(16).toString('hex'), typ: 'JWT', ...header };
  const c = {
    iss: 'cdp',
    sub: NAME,
    nbf: NOW_S,
    exp: NOW_S + 120,
    uri: 'GET api.test/api/v3/brokerage/accounts',
    ...claims,
  };
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signed = `${encode(h)}.${encode(c)}`;
  const signature = sign('sha256', Buffer.from(signed), { key: pair.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${signed}.${signature.toString('base64url')}`;
}

const request = (jwt: string, path = '/api/v3/brokerage/accounts'): KitRequest => ({
  method: 'GET',
  path,
  rawQuery: 'limit=250',
  query: { limit: '250' },
  rawBody: '',
  body: undefined,
  headers: { authorization: `Bearer ${jwt}`, host: 'api.test' },
  params: {},
});

function refusal(jwt: string, path?: string): string | undefined {
  try {
    createJwtVerifier({ name: NAME, publicKeyPem })(request(jwt, path), NOW_S * 1000);
    return undefined;
  } catch (error) {
    return (error as { reason?: string }).reason;
  }
}

describe('Coinbase JWT verification', () => {
  it('accepts a token made as documented (iss cdp, uri without the query)', () => {
    expect(refusal(token())).toBeUndefined();
  });

  it('refuses another uri, another key name, a life over 120 s, a token not yet valid, alg none', () => {
    expect(refusal(token(), '/api/v3/brokerage/orders')).toBe('uri');
    expect(refusal(token({ kid: 'other' }))).toBe('unknown key');
    expect(refusal(token({}, { exp: NOW_S + 300 }))).toBe('lives too long');
    expect(refusal(token({}, { nbf: NOW_S + 5, exp: NOW_S + 60 }))).toBe('not yet valid');
    expect(refusal(token({}, { iss: 'someone' }))).toBe('iss');
    expect(refusal(token({ alg: 'none' }))).toBe('alg');
  });

  it('refuses a token whose claims were changed after signing, and a replayed nonce', () => {
    const [h, , s] = token().split('.');
    const forged = Buffer.from(
      JSON.stringify({
        iss: 'cdp',
        sub: NAME,
        nbf: NOW_S,
        exp: NOW_S + 100,
        uri: 'GET api.test/api/v3/brokerage/accounts',
      }),
    ).toString('base64url');
    expect(refusal(`${h}.${forged}.${s}`)).toBe('bad signature');
    const verify = createJwtVerifier({ name: NAME, publicKeyPem });
    const once = token();
    verify(request(once), NOW_S * 1000);
    expect(() => verify(request(once), NOW_S * 1000)).toThrow('replayed nonce');
  });
});
