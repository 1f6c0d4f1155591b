import {
  accessTokenSchema,
  captchaChallengeSchema,
  noDataSchema,
  sessionListSchema,
  signInBodySchema,
} from '@balancer/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../../http/guards.js';
import { defineRoute, type RouteContext, type RouteSpec } from '../../http/route-spec.js';
import { knownDevice, setDeviceCookie } from './device-cookie.js';
import { clearRefreshCookie, refreshTokenOf, setRefreshCookie } from './refresh-cookie.js';
import type { AccountsService } from './service.js';
import type { Device } from './sessions-repository.js';

export const signOutBodySchema = z.strictObject({
  allDevices: z.boolean({ error: 'allDevices must be true or false' }),
});

/** `:userId` of `GET /auth/jwt/:userId`: `me`, or a user id. */
export const sessionsOwnerParamsSchema = z.strictObject({
  userId: z.union([z.literal('me'), z.uuid()], { error: "The user must be 'me' or a user id (UUID)" }),
});

/** `:sessionId` of `DELETE /auth/jwt/sessions/:sessionId`. */
export const sessionIdParamsSchema = z.strictObject({
  sessionId: z.uuid({ error: 'The session id must be a UUID' }),
});

function deviceOf(request: FastifyRequest): Device {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** Sessions and the captcha: `/altcha` and `/auth/jwt/*`. */
export function authRoutes(accounts: AccountsService): RouteSpec[] {
  const refresh = async ({ request, reply }: RouteContext<unknown, unknown, unknown>) => {
    try {
      const issued = await accounts.refresh(refreshTokenOf(request), deviceOf(request));
      setRefreshCookie(request, reply, issued.refreshToken);
      return issued.accessToken;
    } catch (error) {
      // A cookie that no longer opens a session is useless to the browser: drop it.
      clearRefreshCookie(request, reply);
      throw error;
    }
  };
  const refreshSpec = {
    url: '/auth/jwt/refresh-jwt',
    summary: 'Rotates the refresh cookie and returns a new access token (4750: sign in again)',
    tag: 'auth',
    authority: 0,
    otp: false,
    rateTier: 'standard',
    response: accessTokenSchema,
    handler: refresh,
  } as const;
  return [
    defineRoute({
      method: 'GET',
      url: '/altcha',
      summary: 'A signed proof-of-work captcha challenge (SHA-256, max number 1,000,000, 5 min expiry)',
      tag: 'auth',
      authority: 0,
      otp: false,
      rateTier: 'standard',
      response: captchaChallengeSchema,
      handler: async () => accounts.captchaChallenge(),
    }),
    defineRoute({
      method: 'POST',
      url: '/auth/jwt/sign-in',
      summary:
        "Signs in: the access token in data, the refresh token in an httpOnly cookie (and the account's device cookie)",
      tag: 'auth',
      authority: 0,
      otp: false,
      rateTier: 'strict',
      schema: { body: signInBodySchema },
      response: accessTokenSchema,
      handler: async ({ request, reply, body }) => {
        const issued = await accounts.signIn(body, deviceOf(request), (userId, now) =>
          knownDevice(request, userId, now),
        );
        setRefreshCookie(request, reply, issued.refreshToken);
        setDeviceCookie(request, reply, issued.userId, accounts.now());
        return issued.accessToken;
      },
    }),
    defineRoute({ method: 'GET', ...refreshSpec }),
    defineRoute({ method: 'POST', ...refreshSpec }),
    defineRoute({
      method: 'POST',
      url: '/auth/jwt/sign-out',
      summary: "Ends this device's session, or every session of the caller (allDevices)",
      tag: 'auth',
      authority: 1,
      otp: false,
      rateTier: 'standard',
      schema: { body: signOutBodySchema },
      response: noDataSchema,
      handler: async ({ request, reply, body, user }) => {
        if (!user) return null;
        await accounts.signOut(user, refreshTokenOf(request), body.allDevices);
        clearRefreshCookie(request, reply);
        return null;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/auth/jwt/:userId',
      summary:
        "The signed-in devices (refresh-token records) of the caller ('me' or their id; root: any user's), this device marked current",
      tag: 'auth',
      authority: 1,
      otp: false,
      rateTier: 'standard',
      schema: { params: sessionsOwnerParamsSchema },
      response: sessionListSchema,
      handler: async ({ request, params, user }) => {
        if (!user) return [];
        return accounts.sessionsOf(user, params.userId, await accounts.sessionIdOf(bearerToken(request)));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/auth/jwt/sessions/:sessionId',
      summary:
        "Ends one of the caller's sessions (root: anyone's); its tokens stop working and its sockets close",
      tag: 'auth',
      authority: 1,
      otp: false,
      rateTier: 'guarded',
      schema: { params: sessionIdParamsSchema },
      response: noDataSchema,
      handler: async ({ params, user }) => {
        if (user) await accounts.endSession(user, params.sessionId);
        return null;
      },
    }),
  ];
}
