import {
  coinsConfigSchema,
  configUpdateBodySchema,
  crashIdParamsSchema,
  crashRecordListSchema,
  eventTimePageQuerySchema,
  liquidityConfigSchema,
  reversalConfigSchema,
  reversalHistorySchema,
  windowConfigSchema,
} from '@balancer/core';
import type { EngineSettings } from '@balancer/engine';
import type { ZodType } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { TradingServices } from '../../trading/index.js';

const tag = 'market-state';

type IndicatorKey = 'window' | 'liquidity' | 'coins' | 'reversal';

/**
 * An indicator's config routes: get (2) and put {newConfig} (3, one-time code). The config's
 * schema is both what a replacement must pass and what both answer.
 */
function indicatorRoutes<K extends IndicatorKey>(
  settings: TradingServices['settings'],
  key: K,
  schema: ZodType<EngineSettings[K]>,
): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: `/market-state/${key}/config`,
      summary: `The ${key} indicator's settings`,
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      response: schema,
      handler: () => settings.get(key),
    }),
    defineRoute({
      method: 'PUT',
      url: `/market-state/${key}/config`,
      summary: `Replace the ${key} indicator's settings (applied on the next tick)`,
      tag,
      authority: 3,
      otp: true,
      rateTier: 'guarded',
      schema: { body: configUpdateBodySchema(schema) },
      response: schema,
      handler: ({ body }) => settings.put(key, (body as { newConfig: unknown }).newConfig),
    }),
  ];
}

/**
 * `/market-state` (docs/trading-api.md): each indicator's config (applied on the engine's next
 * tick), and the reversal records with their event history (1).
 */
export function marketStateConfigRoutes({ settings, reversals }: TradingServices): RouteSpec[] {
  return [
    ...indicatorRoutes(settings, 'window', windowConfigSchema),
    ...indicatorRoutes(settings, 'liquidity', liquidityConfigSchema),
    ...indicatorRoutes(settings, 'coins', coinsConfigSchema),
    ...indicatorRoutes(settings, 'reversal', reversalConfigSchema),
    defineRoute({
      method: 'GET',
      url: '/market-state/reversal/records',
      summary: 'Crash records, newest first by start time',
      tag,
      authority: 1,
      otp: false,
      rateTier: 'standard',
      schema: { querystring: eventTimePageQuerySchema },
      response: crashRecordListSchema,
      handler: ({ query }) => reversals.page(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/market-state/reversal/event-history/:id',
      summary: "A crash's reversal points, one per minute",
      tag,
      authority: 1,
      otp: false,
      rateTier: 'standard',
      schema: { params: crashIdParamsSchema },
      response: reversalHistorySchema,
      handler: ({ params }) => reversals.eventHistory(params.id),
    }),
  ];
}
