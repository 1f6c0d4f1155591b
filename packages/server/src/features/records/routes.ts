import { Readable } from 'node:stream';
import {
  profitQuerySchema,
  profitTableSchema,
  readPeriod,
  recordsRange,
  recordsRangeQuerySchema,
} from '@balancer/core';
import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { Platform } from '../../platform/platform.js';
import type { EngineSettingsService } from '../../trading/settings.js';
import { positionsCsv, tradesCsv, transactionsCsv } from './exporter.js';
import { profitTable } from './profit.js';

const tag = 'records';

/** What the records show besides the database: the installation's quote asset, exchange and clock. */
export interface RecordsContext {
  quoteAsset: string;
  /** The exchange's name as trades.csv writes it (`simulator` on the simulator). */
  exchange: string;
  /** True on the simulator: the records come from the replay. */
  replay: boolean;
  /** Market time, epoch ms: a range without an end ends there. */
  marketNow: () => number;
}

const EXPORTS = ['trades', 'transactions', 'positions'] as const;

/**
 * The operator's records (docs/records.md): `GET /exports/{trades,transactions,positions}.csv`,
 * streamed page by page, and `GET /position/pnl`, profit by period. Authority 2, like the lists.
 */
export function recordsRoutes(
  platform: Platform,
  settings: EngineSettingsService,
  context: RecordsContext,
): RouteSpec[] {
  const db = () => platform.database.db;
  const exportRoutes = EXPORTS.map((name) =>
    defineRoute({
      method: 'GET',
      url: `/exports/${name}.csv`,
      summary: `The ${name} of a range (from inclusive, to exclusive; ISO dates, UTC) as CSV (RFC 4180, UTF-8), streamed`,
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      document: 'text/csv',
      schema: { querystring: recordsRangeQuerySchema },
      response: z.string(),
      handler: async ({ query, reply }) => {
        // Checked before the first byte: a bad range is an envelope error, not a broken download.
        const range = recordsRange(query, context.marketNow());
        const rows =
          name === 'trades'
            ? tradesCsv(db(), range, context)
            : name === 'transactions'
              ? transactionsCsv(db(), range)
              : positionsCsv(db(), range, settings, context.quoteAsset);
        return reply
          .header('content-disposition', `attachment; filename="balancer-${name}.csv"`)
          .header('cache-control', 'no-store')
          .type('text/csv; charset=utf-8')
          .send(Readable.from(rows));
      },
    }),
  );
  return [
    ...exportRoutes,
    defineRoute({
      method: 'GET',
      url: '/position/pnl',
      summary:
        'Realised profit, fees, bought and sold amounts, average prices and equity by day, week, month or year',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      schema: { querystring: profitQuerySchema },
      response: profitTableSchema,
      handler: ({ query }) =>
        profitTable(db(), settings, {
          period: readPeriod(query.period),
          range: recordsRange(query, context.marketNow()),
          quoteAsset: context.quoteAsset,
          replay: context.replay,
        }),
    }),
  ];
}
