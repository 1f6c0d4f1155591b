import {
  candleSeriesSchema,
  equityHistorySchema,
  equityQuerySchema,
  positionFilterQuerySchema,
  positionRecordListSchema,
  positionRecordSchema,
  rangeQuerySchema,
  recordIdParamsSchema,
  strategyConfigSchema,
  strategyUpdateBodySchema,
  tradeRecordListSchema,
  transactionFilterQuerySchema,
  transactionRecordListSchema,
  transactionRecordSchema,
} from '@balancer/core';
import type { ZodType, z } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { TradingServices } from '../../trading/index.js';
import { manualTradeRoutes } from './trade-routes.js';

const tag = 'positions';

/** A read of authority 2 (1 for the event history and the equity), standard rate tier. */
function read<Q, P, R extends ZodType>(
  url: string,
  summary: string,
  schema: { querystring?: ZodType<Q>; params?: ZodType<P> },
  response: R,
  handler: (args: { query: Q; params: P }) => Promise<z.input<R>>,
  authority: 1 | 2 = 2,
): RouteSpec {
  return defineRoute<undefined, Q, P, R>({
    method: 'GET',
    url,
    summary,
    tag,
    authority,
    otp: false,
    rateTier: 'standard',
    schema,
    response,
    handler: ({ query, params }) => handler({ query, params }),
  });
}

/** `/position` (docs/trading-api.md): strategy, records, archive, trades, transactions, equity. */
export function positionRoutes(
  { settings, positions, manualTrades, equity }: TradingServices,
  /**
   * Market time, epoch ms (the platform clock's marketNow: the simulator's replay, else wall
   * time): positions and trades are dated by it, so a manual trade after the engine's now is
   * MANUAL_TRADE_IN_FUTURE and a range without an end ends there.
   */
  marketNow: () => number,
): RouteSpec[] {
  return [
    read('/position/strategy', 'The strategy', {}, strategyConfigSchema, () => settings.get('strategy')),
    defineRoute({
      method: 'PUT',
      url: '/position/strategy',
      summary: 'Replace the strategy with a full one, or with a template ({template: id})',
      tag,
      authority: 3,
      otp: true,
      rateTier: 'guarded',
      schema: { body: strategyUpdateBodySchema },
      response: strategyConfigSchema,
      handler: ({ body }) => settings.putStrategy(body.newConfig),
    }),
    ...(['archive', 'unarchive'] as const).map((action) =>
      defineRoute({
        method: 'PATCH',
        url: `/position/${action}/:id`,
        summary:
          action === 'archive'
            ? 'Flag a closed position out of the statistics (the active one cannot be)'
            : 'Count an archived position in the statistics again',
        tag,
        authority: 4,
        otp: false,
        rateTier: 'guarded',
        schema: { params: recordIdParamsSchema },
        response: positionRecordSchema,
        handler: ({ params }) => positions.setArchived(params.id, action === 'archive'),
      }),
    ),
    read(
      '/position/record/:id',
      'A position computed at its latest known price',
      { params: recordIdParamsSchema },
      positionRecordSchema,
      ({ params }) => positions.record(params.id),
    ),
    read(
      '/position/records',
      'Positions, newest first by open time, filtered by state, date range (from–to, ISO UTC) and result',
      { querystring: positionFilterQuerySchema },
      positionRecordListSchema,
      ({ query }) => positions.filteredPage(query, marketNow()),
    ),
    read(
      '/position/records/range',
      'Positions opened within a range of at most 6 years, newest first',
      { querystring: rangeQuerySchema },
      positionRecordListSchema,
      ({ query }) => positions.range(query, marketNow()),
    ),
    read(
      '/position/event-history/:id',
      "A position's price history, one candle per minute",
      { params: recordIdParamsSchema },
      candleSeriesSchema,
      ({ params }) => positions.eventHistory(params.id),
      1,
    ),
    read(
      '/position/record/trades/:id',
      "A position's trades, oldest first",
      { params: recordIdParamsSchema },
      tradeRecordListSchema,
      ({ params }) => positions.trades(params.id),
    ),
    read(
      '/position/record/transactions/:id',
      "The transactions of a position's orders, newest first",
      { params: recordIdParamsSchema },
      transactionRecordListSchema,
      ({ params }) => positions.transactions(params.id),
    ),
    read(
      '/position/transaction/:id',
      'A transaction with its logs',
      { params: recordIdParamsSchema },
      transactionRecordSchema,
      ({ params }) => positions.transaction(params.id),
    ),
    read(
      '/position/transactions',
      'Transactions, newest first, filtered by side, state, date range (from–to, ISO UTC) and reason',
      { querystring: transactionFilterQuerySchema },
      transactionRecordListSchema,
      ({ query }) => positions.filteredTransactionPage(query, marketNow()),
    ),
    read(
      '/position/equity',
      'Free quote and BTC balances and their value over the last 24 h, 7 d, 90 d or 2 y of market time',
      { querystring: equityQuerySchema },
      equityHistorySchema,
      ({ query }) => equity.read(query.range, marketNow()),
      1,
    ),
    ...manualTradeRoutes(manualTrades, marketNow),
  ];
}
