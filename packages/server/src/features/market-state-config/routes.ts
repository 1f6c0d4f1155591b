import {
  coinsConfigSchema,
  configUpdateBodySchema,
  crashIdParamsSchema,
  eventTimePageQuerySchema,
  liquidityConfigSchema,
  reversalConfigSchema,
  windowConfigSchema,
} from '@balancer/core';
import type { ZodType } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { TradingServices } from '../../trading/index.js';

const tag = 'market-state';

/** The four market-state indicators' settings and the schema each replacement must pass. */
const INDICATORS: ReadonlyArray<{ key: 'window' | 'liquidity' | 'coins' | 'reversal'; schema: ZodType }> = [
  { key: 'window', schema: windowConfigSchema },
  { key: 'liquidity', schema: liquidityConfigSchema },
  { key: 'coins', schema: coinsConfigSchema },
  { key: 'reversal', schema: reversalConfigSchema },
];

/**
 * `/market-state` (docs/trading-api.md): each indicator's config, get (2) and put {newConfig} (3, one-time
 * code; applied on the engine's next tick), and the reversal records with their event history (1).
 */
export function marketStateConfigRoutes({ settings, reversals }: TradingServices): RouteSpec[] {
  return [
    ...INDICATORS.flatMap(({ key, schema }) => [
      defineRoute({
        method: 'GET',
        url: `/market-state/${key}/config`,
        summary: `The ${key} indicator's settings`,
        tag,
        authority: 2,
        otp: false,
        rateTier: 'standard',
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
        handler: ({ body }) => settings.put(key, (body as { newConfig: unknown }).newConfig),
      }),
    ]),
    defineRoute({
      method: 'GET',
      url: '/market-state/reversal/records',
      summary: 'Crash records, newest first by start time',
      tag,
      authority: 1,
      otp: false,
      rateTier: 'standard',
      schema: { querystring: eventTimePageQuerySchema },
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
      handler: ({ params }) => reversals.eventHistory(params.id),
    }),
  ];
}
