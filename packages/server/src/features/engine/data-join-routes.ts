import type { ExchangeVenue } from '@balancer/core';
import { appEssentialsSchema, CodedError, type UnreadCounts, type VersionSummary } from '@balancer/core';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { EngineHolder } from './engine-holder.js';
import { appEssentials, exchangeConfigView } from './essentials.js';

/** `GET /data-join/app-essentials` (authority 1): the signed-in app's start-up state. */
export function dataJoinRoutes(
  holder: EngineHolder,
  counts: (userId: string) => Promise<UnreadCounts>,
  /** The version checker's summary (features/platform-update). */
  version: () => Promise<VersionSummary>,
  /** Wall time, epoch ms: the essentials' serverTime. */
  clock: () => number,
  /** Where the engine trades (exchange-view.ts, from the config). */
  venue: ExchangeVenue,
): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/data-join/app-essentials',
      summary: 'Server time, versions, unread counts, the caller, the exchange, market state and position',
      tag: 'data-join',
      authority: 1,
      otp: false,
      rateTier: 'standard',
      response: appEssentialsSchema,
      handler: async ({ user }) => {
        if (!user) throw new CodedError('ACCESS_TOKEN_INVALID', 'no signed-in user');
        const engine = holder.require();
        return appEssentials({
          now: clock(),
          version: await version(),
          user,
          counts: await counts(user.id),
          exchange: exchangeConfigView(engine.exchange, engine.mode, venue),
          snapshot: engine.snapshot(),
        });
      },
    }),
  ];
}
