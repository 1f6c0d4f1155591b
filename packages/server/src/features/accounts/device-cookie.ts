import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The device cookie (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account gets one, and from then on its attempts on that account are counted
 * for that device alone (guessing-policy.ts, scope `device`), never refused because others guess.
 * It is not a credential: it only chooses which count an attempt goes to.
 *
 * One cookie per account (`balancer_device_<user id>`), so a browser shared by two accounts keeps
 * both. The value `<user id>.<device id>.<issued ms>` is signed with COOKIE_SECRET (as the refresh
 * cookie), so nobody can make one, nor move one account's cookie onto another; HttpOnly,
 * SameSite=Strict, Secure over HTTPS, Path=/ like the refresh cookie (a proxy may put the API
 * under a prefix, where a narrower path would never match).
 * Every success issues a new device id, so a copy stolen earlier keeps only its own count.
 */
export const DEVICE_COOKIE_PREFIX = 'balancer_device_';
/** A device cookie lasts 180 days from the last success on that browser. */
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60_000;

export function deviceCookieName(userId: string): string {
  return `${DEVICE_COOKIE_PREFIX}${userId}`;
}

/** The device id of a signed value for `userId`, unexpired at `now`; null for anything else. */
export function deviceIdOf(
  unsigned: { valid: boolean; value: string | null },
  userId: string,
  now: number,
): string | null {
  if (!unsigned.valid || !unsigned.value) return null;
  const [owner, deviceId, issued, ...rest] = unsigned.value.split('.');
  if (rest.length > 0 || owner !== userId || !deviceId || !/^[A-Za-z0-9_-]{22}$/.test(deviceId)) return null;
  const issuedAt = Number(issued);
  return Number.isSafeInteger(issuedAt) && issuedAt <= now && now - issuedAt < DEVICE_TTL_MS
    ? deviceId
    : null;
}

/** Reads the request's device cookie for this account: its device id, or null. */
export function knownDevice(request: FastifyRequest, userId: string, now: number): string | null {
  const raw = request.cookies[deviceCookieName(userId)];
  return raw ? deviceIdOf(request.unsignCookie(raw), userId, now) : null;
}

/** After a success on this account: a new device id in a fresh cookie. */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  now: number,
): void {
  const deviceId = randomBytes(16).toString('base64url');
  reply.setCookie(deviceCookieName(userId), `${userId}.${deviceId}.${now}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: DEVICE_TTL_MS / 1000,
  });
}
