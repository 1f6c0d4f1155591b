import {
  CodedError,
  eventTimePageQuerySchema,
  noDataSchema,
  otpHandoverSchema,
  passwordUpdateListSchema,
  sessionListSchema,
  sessionUserSchema,
  unlockResultSchema,
  updatePasswordBodySchema,
  userAuthorityUpdateSchema,
  userCreateSchema,
  userListSchema,
  userRecordSchema,
  userRenameSchema,
} from '@balancer/core';
import { z } from 'zod';
import { bearerToken } from '../../http/guards.js';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import { knownDevice, setDeviceCookie } from './device-cookie.js';
import type { AccountsService } from './service.js';

/** `:id` of the user routes: a user id is a UUID. */
export const userIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'The user id must be a UUID' }) });

const ROOT_ONLY = { tag: 'users', authority: 5 } as const;

/** User management (root only, a one-time code for every change) and the public password update. */
export function userRoutes(accounts: AccountsService): RouteSpec[] {
  return [
    defineRoute({
      ...ROOT_ONLY,
      method: 'GET',
      url: '/auth/user',
      summary: 'Every user (never a hash or secret)',
      otp: false,
      rateTier: 'standard',
      response: userListSchema,
      handler: async () => accounts.listUsers(),
    }),
    defineRoute({
      method: 'GET',
      url: '/auth/user/me',
      summary: 'The signed-in caller: id, nickname and current authority',
      tag: 'users',
      authority: 1,
      otp: false,
      rateTier: 'standard',
      response: sessionUserSchema,
      handler: async ({ user }) => {
        // The guards let no anonymous caller through (authority 1).
        if (!user) throw new CodedError('ACCESS_TOKEN_INVALID', 'no signed-in user');
        return user;
      },
    }),
    defineRoute({
      ...ROOT_ONLY,
      method: 'GET',
      url: '/auth/user/:id/otp-secret',
      summary: "A user's one-time-code secret and otpauth URI, for root to hand over",
      otp: false,
      rateTier: 'sensitive',
      schema: { params: userIdParamsSchema },
      response: otpHandoverSchema,
      handler: async ({ params }) => accounts.otpHandover(params.id),
    }),
    defineRoute({
      ...ROOT_ONLY,
      method: 'GET',
      url: '/auth/user/:id/password-updates',
      summary: "A user's password updates, newest first (limit 1–30, startAtEventTime exclusive)",
      otp: false,
      rateTier: 'standard',
      schema: { params: userIdParamsSchema, querystring: eventTimePageQuerySchema },
      response: passwordUpdateListSchema,
      handler: async ({ params, query }) => accounts.passwordUpdates(params.id, query),
    }),
    defineRoute({
      ...ROOT_ONLY,
      method: 'GET',
      url: '/auth/user/:id/sessions',
      summary:
        "A user's signed-in devices: IP, user agent, created, last used, expiry, whether it is the caller's",
      otp: false,
      rateTier: 'standard',
      schema: { params: userIdParamsSchema },
      response: sessionListSchema,
      handler: async ({ request, params }) =>
        accounts.sessions(params.id, await accounts.sessionIdOf(bearerToken(request))),
    }),
    defineRoute({
      ...ROOT_ONLY,
      method: 'POST',
      url: '/auth/user',
      summary: 'Creates a user {nickname, authority 1–4} without a password',
      otp: true,
      rateTier: 'guarded',
      schema: { body: userCreateSchema },
      response: userRecordSchema,
      handler: async ({ body }) => accounts.createUser(body),
    }),
    defineRoute({
      ...ROOT_ONLY,
      method: 'PATCH',
      url: '/auth/user/:id/nickname',
      summary: 'Renames a user (not root)',
      otp: true,
      rateTier: 'guarded',
      schema: { params: userIdParamsSchema, body: userRenameSchema },
      response: userRecordSchema,
      handler: async ({ params, body }) => accounts.renameUser(params.id, body.newNickname),
    }),
    defineRoute({
      ...ROOT_ONLY,
      method: 'PATCH',
      url: '/auth/user/:id/authority',
      summary: "Changes a user's authority to 1–4 (not root's)",
      otp: true,
      rateTier: 'guarded',
      schema: { params: userIdParamsSchema, body: userAuthorityUpdateSchema },
      response: userRecordSchema,
      handler: async ({ params, body }) => accounts.setAuthority(params.id, body.newAuthority),
    }),
    defineRoute({
      ...ROOT_ONLY,
      method: 'PATCH',
      url: '/auth/user/:id/otp-secret',
      summary: 'Gives a user a new one-time-code secret and returns it; the old one stops working',
      otp: true,
      rateTier: 'sensitive',
      schema: { params: userIdParamsSchema },
      response: otpHandoverSchema,
      handler: async ({ params }) => accounts.rotateOtpSecret(params.id),
    }),
    defineRoute({
      ...ROOT_ONLY,
      method: 'PATCH',
      url: '/auth/user/:id/unlock',
      summary:
        "Lifts a user's throttles after failed password or code attempts; {unlocked: false} when there were none",
      otp: true,
      rateTier: 'guarded',
      schema: { params: userIdParamsSchema },
      response: unlockResultSchema,
      handler: async ({ params }) => ({ unlocked: await accounts.unlock(params.id) }),
    }),
    defineRoute({
      ...ROOT_ONLY,
      method: 'DELETE',
      url: '/auth/user/:id',
      summary: 'Deletes a user (not root) with their sessions and history',
      otp: true,
      rateTier: 'guarded',
      schema: { params: userIdParamsSchema },
      response: noDataSchema,
      handler: async ({ params }) => {
        await accounts.deleteUser(params.id);
        return null;
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/auth/user/password',
      summary: 'Sets a password with a one-time code and a solved captcha (public)',
      tag: 'users',
      authority: 0,
      otp: false,
      rateTier: 'strict',
      schema: { body: updatePasswordBodySchema },
      response: noDataSchema,
      handler: async ({ request, reply, body, ip }) => {
        const userId = await accounts.updatePassword(body, ip, (id, now) => knownDevice(request, id, now));
        setDeviceCookie(request, reply, userId, accounts.now());
        return null;
      },
    }),
  ];
}
