import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SECONDS, AccessTokens } from './access-tokens.js';

const SECRET = 'jwt-secret-0123456789-0123456789-0123456789-01';
const NOW = 1_800_000_000_000;

describe('AccessTokens', () => {
  const tokens = new AccessTokens(SECRET);

  const claims = { userId: 'user-1', sessionId: 'session-1' };

  it('names its user and session until it expires after 15 minutes', async () => {
    const token = await tokens.issue('user-1', 'session-1', NOW);
    expect(await tokens.claims(token, NOW)).toEqual(claims);
    // 15 min = 900 s: valid at the last second, refused right after.
    expect(ACCESS_TOKEN_SECONDS).toBe(900);
    expect(await tokens.claims(token, NOW + 899_000)).toEqual(claims);
    expect(await tokens.claims(token, NOW + 900_000)).toBeNull();
  });

  it('refuses a token that names no session (issued before sessions were named)', async () => {
    const sessionless = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuer('balancer')
      .setIssuedAt(NOW / 1000)
      .setExpirationTime(NOW / 1000 + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.claims(sessionless, NOW)).toBeNull();
  });

  it('refuses a token signed with another secret, tampered with, or of the wrong shape', async () => {
    const token = await tokens.issue('user-1', 'session-1', NOW);
    expect(await new AccessTokens(`${SECRET}x`).claims(token, NOW)).toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ sub: 'root', iss: 'balancer', iat: 1, exp: 9e9 })).toString(
      'base64url',
    );
    expect(await tokens.claims(`${header}.${forged}.${signature}`, NOW)).toBeNull();
    expect(await tokens.claims(`${header}.${payload}`, NOW)).toBeNull();
    expect(await tokens.claims('', NOW)).toBeNull();
  });

  it('refuses an unsigned token and one without expiry', async () => {
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"user-1"}').toString('base64url')}.xx`;
    expect(await tokens.claims(none, NOW)).toBeNull();
    const noExpiry = await new SignJWT({ sub: 'user-1', iss: 'balancer', iat: NOW / 1000 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.claims(noExpiry, NOW)).toBeNull();
  });

  it('serves a verified token from memory until its expiry, and never a lookalike', async () => {
    const cached = new AccessTokens(SECRET);
    const token = await cached.issue('user-1', 'session-1', NOW);
    expect(await cached.claims(token, NOW)).toEqual(claims);
    // Same token again (now from the map): the same answer, and the same expiry rule.
    expect(await cached.claims(token, NOW + 1_000)).toEqual(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const first = signature.startsWith('A') ? 'B' : 'A';
    expect(await cached.claims(`${header}.${payload}.${first}${signature.slice(1)}`, NOW)).toBeNull();
    expect(await cached.claims(`${token} `, NOW)).toBeNull();
    expect(await cached.claims(token, NOW + 900_000)).toBeNull();
    expect(await cached.claims(token, NOW + 901_000)).toBeNull();
  });
});
