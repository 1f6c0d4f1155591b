import {
  EQUITY_WINDOWS,
  type EquityHistory,
  type EquityRange,
  type EquitySample,
  equitySample,
  parseWith,
} from '@balancer/core';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Platform } from '../platform/platform.js';
import type { Db } from './database.js';
import { minuteOf } from './market-records.js';

/**
 * The equity history (docs/trading-api.md, Equity): the trading engine's free quote and BTC
 * balances, the price and their value, one row per minute of market time (the last sample seen),
 * hourly further back (retention.ts).
 */

const decimalText = z.string().regex(/^\d+(\.\d+)?$/, 'must be a non-negative decimal number as text');
const sampleSchema = z.object({
  time: z.int().min(0),
  quote: decimalText,
  base: decimalText,
  price: decimalText,
  equity: decimalText,
});

/** Keeps `sample` as its minute's row (a later sample of the same minute replaces it). */
export async function upsertEquitySample(db: Db, sample: EquitySample): Promise<void> {
  const input = parseWith(sampleSchema, sample, 'TRADING_RECORD_INVALID');
  // The stored figures are the ones core derives: equity is never taken on trust.
  const { quote, base, price, equity } = equitySample(input.time, input.quote, input.base, input.price);
  const row = { quote, base, price, equity };
  await db
    .insertInto('equity_sample')
    .values({ minute_time: minuteOf(input.time), ...row })
    .onConflict((oc) => oc.column('minute_time').doUpdateSet(row))
    .execute();
}

interface EquityRow {
  at: string;
  quote: string;
  base: string;
  price: string;
  equity: string;
}

/**
 * The equity over `range` before `now` (market time, epoch ms), oldest first: the last sample of
 * each bucket. Bounded: at most spanMs / bucketMs + 1 points, whatever the table holds.
 */
export async function readEquityHistory(db: Db, range: EquityRange, now: number): Promise<EquityHistory> {
  const { spanMs, bucketMs } = EQUITY_WINDOWS[range];
  const { rows } = await sql<EquityRow>`
    select distinct on (minute_time - minute_time % ${sql.lit(bucketMs)})
      minute_time::text as at, quote::text, base::text, price::text, equity::text
    from equity_sample
    where minute_time >= ${now - spanMs} and minute_time <= ${now}
    order by minute_time - minute_time % ${sql.lit(bucketMs)}, minute_time desc
    limit ${Math.ceil(spanMs / bucketMs) + 1}`.execute(db);
  return {
    range,
    bucketMs,
    points: rows.map((row) => ({
      at: Number(row.at),
      quote: row.quote,
      base: row.base,
      price: row.price,
      equity: row.equity,
    })),
  };
}

/** The equity reads behind `GET /position/equity`. */
export class EquityHistoryService {
  constructor(private readonly platform: Platform) {}

  read(range: EquityRange, marketNow: number): Promise<EquityHistory> {
    return readEquityHistory(this.platform.database.db, range, marketNow);
  }
}
