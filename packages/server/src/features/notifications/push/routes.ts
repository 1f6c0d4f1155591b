import {
  CodedError,
  type NotificationCategory,
  pushStateSchema,
  pushSubscriptionInputSchema,
  type SessionUser,
} from '@balancer/core';
import type { FastifyRequest } from 'fastify';
import { defineRoute, type RouteSpec } from '../../../http/route-spec.js';
import type { Platform } from '../../../platform/platform.js';
import { hasSubscription, removeSubscription, saveSubscription } from './subscriptions.js';

/** The signed-in session (device) of a request, from its access token; null without one. */
export type SessionOf = (request: FastifyRequest) => Promise<string | null>;

/**
 * `/notification/push`: this device's Web Push state (the VAPID key to subscribe with, whether it
 * is subscribed), turning it on (PUT, the browser's subscription) and off (DELETE). Any signed-in
 * user (authority 1) for their own device; a subscription lives as long as its session.
 */
export function pushRoutes(
  platform: Platform,
  publicKey: string,
  categories: readonly NotificationCategory[],
  sessionOf: SessionOf | undefined,
  now: () => number,
): RouteSpec[] {
  const db = () => platform.database.db;
  const device = async (request: FastifyRequest, user: SessionUser | null) => {
    const sessionId = sessionOf ? await sessionOf(request) : null;
    if (!user || !sessionId)
      throw new CodedError('PUSH_SESSION_REQUIRED', 'the access token names no session');
    return { userId: user.id, sessionId };
  };
  const state = async (sessionId: string) => ({
    publicKey,
    subscribed: await hasSubscription(db(), sessionId),
    categories: [...categories],
  });
  return [
    defineRoute({
      method: 'GET',
      url: '/notification/push',
      summary: "This device's Web Push state and the VAPID public key to subscribe with",
      tag: 'notifications',
      authority: 1,
      otp: false,
      rateTier: 'standard',
      response: pushStateSchema,
      handler: async ({ request, user }) => state((await device(request, user)).sessionId),
    }),
    defineRoute({
      method: 'PUT',
      url: '/notification/push',
      summary: "Turn Web Push on for this device: store the browser's push subscription",
      tag: 'notifications',
      authority: 1,
      otp: false,
      rateTier: 'guarded',
      schema: { body: pushSubscriptionInputSchema },
      response: pushStateSchema,
      handler: async ({ request, user, body }) => {
        const owner = await device(request, user);
        await saveSubscription(db(), owner, body, now());
        return state(owner.sessionId);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/notification/push',
      summary: 'Turn Web Push off for this device: forget its subscription',
      tag: 'notifications',
      authority: 1,
      otp: false,
      rateTier: 'guarded',
      response: pushStateSchema,
      handler: async ({ request, user }) => {
        const { sessionId } = await device(request, user);
        await removeSubscription(db(), { sessionId });
        return state(sessionId);
      },
    }),
  ];
}
