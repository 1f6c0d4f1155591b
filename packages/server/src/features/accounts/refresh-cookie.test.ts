import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  hashRefreshToken,
  newRefreshToken,
  REFRESH_COOKIE,
  refreshTokenFromHeader,
  setRefreshCookie,
  successorRefreshToken,
} from './refresh-cookie.js';

const SECRET = 'cookie-secret-0123456789-0123456789-0123456789';

function capture(protocol: 'http' | 'https') {
  const calls: Array<{ name: string; value: string; options: Record<string, unknown> }> = [];
  const reply = {
    setCookie: (name: string, value: string, options: Record<string, unknown>) =>
      calls.push({ name, value, options }),
  } as unknown as FastifyReply;
  setRefreshCookie({ protocol } as FastifyRequest, reply, 'token');
  return calls[0];
}

describe('the refresh cookie', () => {
  it('is signed, httpOnly, SameSite=Strict, 30 days on path /, and Secure only over HTTPS', () => {
    const plain = capture('http');
    expect(plain).toEqual({
      name: REFRESH_COOKIE,
      value: 'token',
      // 30 × 24 × 3600 = 2,592,000 s
      options: {
        signed: true,
        httpOnly: true,
        sameSite: 'strict',
        secure: false,
        path: '/',
        maxAge: 2_592_000,
      },
    });
    expect(capture('https')?.options.secure).toBe(true);
  });

  it('carries 256 random bits, stored only as their SHA-256', () => {
    const token = newRefreshToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newRefreshToken()).not.toBe(token);
    expect(hashRefreshToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(token)).not.toContain(token);
  });

  it('rotates to a successor only the secret can compute: the same for the same token', () => {
    const token = newRefreshToken();
    const successor = successorRefreshToken(token, SECRET);
    expect(successor).toMatch(/^[A-Za-z0-9_-]{43}$/); // a cookie the server reads back
    expect(successorRefreshToken(token, SECRET)).toBe(successor);
    expect(successorRefreshToken(successor, SECRET)).not.toBe(successor);
    expect(successorRefreshToken(token, `${SECRET}x`)).not.toBe(successor);
    // Not the cookie's own signature of the token (the browser holds that).
    const signature = fastifyCookie.sign(token, SECRET).slice(token.length + 1);
    expect(Buffer.from(successor, 'base64url')).not.toEqual(Buffer.from(signature, 'base64'));
  });

  it('reads a token from a Cookie header only when its signature is right', () => {
    const token = newRefreshToken();
    const signed = encodeURIComponent(fastifyCookie.sign(token, SECRET));
    expect(refreshTokenFromHeader(`a=1; ${REFRESH_COOKIE}=${signed}`, SECRET)).toBe(token);
    expect(refreshTokenFromHeader(`${REFRESH_COOKIE}=${signed}`, `${SECRET}x`)).toBeNull();
    expect(refreshTokenFromHeader(`${REFRESH_COOKIE}=${token}`, SECRET)).toBeNull();
    expect(
      refreshTokenFromHeader(
        `${REFRESH_COOKIE}=${encodeURIComponent(fastifyCookie.sign('short', SECRET))}`,
        SECRET,
      ),
    ).toBeNull();
    expect(refreshTokenFromHeader(undefined, SECRET)).toBeNull();
  });
});
