import { manualTradeBodySchema, recordIdParamsSchema, tradeRecordSchema } from '@balancer/core';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { ManualTradesService } from '../../trading/manual-trades.js';

const common = {
  tag: 'positions',
  authority: 4,
  otp: true,
  rateTier: 'sensitive',
  response: tradeRecordSchema,
} as const;

/**
 * `/position/trade`: an operator's trades of the active position (authority 4, one-time code).
 * After the change the position's trades must pass core's manual-trade checks, else nothing
 * changes; only manual trades may be edited or deleted.
 */
export function manualTradeRoutes(manualTrades: ManualTradesService, now: () => number): RouteSpec[] {
  return [
    defineRoute({
      ...common,
      method: 'POST',
      url: '/position/trade',
      summary: 'Add a manual trade to the active position',
      schema: { body: manualTradeBodySchema },
      handler: ({ body }) => manualTrades.create(body.trade, now()),
    }),
    defineRoute({
      ...common,
      method: 'PUT',
      url: '/position/trade/:id',
      summary: 'Replace a manual trade of the active position',
      schema: { params: recordIdParamsSchema, body: manualTradeBodySchema },
      handler: ({ params, body }) => manualTrades.update(params.id, body.trade, now()),
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      url: '/position/trade/:id',
      summary: 'Delete a manual trade of the active position',
      schema: { params: recordIdParamsSchema },
      handler: ({ params }) => manualTrades.remove(params.id, now()),
    }),
  ];
}
