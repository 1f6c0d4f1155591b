import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from './sessions-repository.js';

/** The refresh cookie's name; its value is an opaque token signed with COOKIE_SECRET. */
export const REFRESH_COOKIE = 'balancer_refresh';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url (43 characters): the refresh token the cookie carries. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The token that replaces `presented` when it is rotated: HMAC-SHA256 of it under a key derived
 * from COOKIE_SECRET, base64url (43 characters, like a fresh token). Deterministic, so two
 * refreshes with the same cookie (two tabs, or a retry whose answer was lost) get the same new
 * cookie, whichever instance answers; nobody without the secret can compute it from the token.
 * The key comes from HKDF, where the secret is the input rather than the HMAC key the cookie
 * signatures use, so no signed cookie value can ever be a successor.
 */
export function successorRefreshToken(presented: string, cookieSecret: string): string {
  return createHmac('sha256', successorKey(cookieSecret)).update(presented, 'utf8').digest('base64url');
}

let derived: { secret: string; key: Buffer } | undefined;
function successorKey(secret: string): Buffer {
  if (derived?.secret !== secret) {
    const key = Buffer.from(hkdfSync('sha256', secret, '', 'balancer refresh-token successor', 32));
    derived = { secret, key };
  }
  return derived.key;
}

/** What the database keeps instead of the token: its SHA-256, hex. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** httpOnly, SameSite=Strict, 30 days, Secure when the request came over HTTPS (directly or via a trusted proxy). */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
  });
}

function validToken(unsigned: { valid: boolean; value: string | null }): string | null {
  return unsigned.valid && unsigned.value && TOKEN_PATTERN.test(unsigned.value) ? unsigned.value : null;
}

/** The refresh token of the request's cookie, or null when absent or its signature is wrong. */
export function refreshTokenOf(request: FastifyRequest): string | null {
  const raw = request.cookies[REFRESH_COOKIE];
  return raw ? validToken(request.unsignCookie(raw)) : null;
}

/** One cookie's value from a Cookie header (`a=1; b=2`), URL-decoded, or undefined. */
function cookieValue(cookieHeader: string, name: string): string | undefined {
  for (const pair of cookieHeader.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The same from a raw Cookie header (the socket handshake has no fastify request). Parsed here:
 * the plugin's own parser only works once the plugin has been registered on an app.
 */
export function refreshTokenFromHeader(
  cookieHeader: string | undefined,
  cookieSecret: string,
): string | null {
  if (!cookieHeader) return null;
  const raw = cookieValue(cookieHeader, REFRESH_COOKIE);
  return raw ? validToken(fastifyCookie.unsign(raw, cookieSecret)) : null;
}
