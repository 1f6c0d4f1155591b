import { isIP } from 'node:net';
import { CodedError, type SessionUser } from '@balancer/core';
import type { FastifyRequest } from 'fastify';
import type { AccessControl } from './access-control.js';
import type { RouteSpec } from './route-spec.js';

/** Guards 2 and 3 (after readiness, before the arguments): a usable client IP that is not blacklisted. */
export function checkClientIp(ip: string, access: AccessControl): void {
  if (isIP(ip) === 0) throw new CodedError('INVALID_CLIENT_IP');
  if (access.isBlacklisted(ip)) throw new CodedError('IP_BLACKLISTED');
}

/** The request's bearer token, if it carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([^\s]+)$/.exec(header);
  return match?.[1];
}

/** Guards 5–7: bearer token → authority → one-time code. Returns the caller (null when public). */
export async function authorize(
  request: FastifyRequest,
  route: RouteSpec,
  access: AccessControl,
): Promise<SessionUser | null> {
  if (route.authority === 0) return null;
  const token = bearerToken(request);
  if (!token) throw new CodedError('ACCESS_TOKEN_INVALID', 'no bearer token');
  const user = await access.authenticate(token);
  if (user.authority < route.authority) throw new CodedError('NOT_AUTHORIZED');
  if (route.otp) {
    const code = request.headers['otp-token'];
    if (typeof code !== 'string' || !/^\d{6}$/.test(code)) throw new CodedError('OTP_REQUIRED');
    await access.verifyOtp(user, code, { ip: request.ip, token });
  }
  return user;
}
