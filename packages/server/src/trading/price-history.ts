import { sql } from 'kysely';
import type { Db } from './database.js';

/** A position's price history answers at most this many candles (a week of minutes is 10,080). */
export const MAX_HISTORY_CANDLES = 5_000;
const MINUTE_MS = 60_000;

export interface PriceCandleRow {
  minute_time: string;
  open: string;
  high: string;
  low: string;
  close: string;
}

/**
 * The position's minute candles, oldest first, merged into candles of `k` whole minutes when
 * there are more than `max` of them (k = ⌈span ÷ max minutes⌉): each keeps its bucket's first
 * open, highest high, lowest low and last close, stamped with the bucket's start.
 */
export async function selectPriceHistory(db: Db, positionId: string, max: number): Promise<PriceCandleRow[]> {
  const span = await db
    .selectFrom('position_price')
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      eb.fn.min('minute_time').as('first'),
      eb.fn.max('minute_time').as('last'),
    ])
    .where('position_id', '=', positionId)
    .executeTakeFirstOrThrow();
  if (Number(span.count) <= max) {
    return db
      .selectFrom('position_price')
      .select(['minute_time', 'open', 'high', 'low', 'close'])
      .where('position_id', '=', positionId)
      .orderBy('minute_time')
      .execute();
  }
  const minutes = Math.floor((Number(span.last) - Number(span.first)) / MINUTE_MS) + 1;
  const bucket = Math.ceil(minutes / max) * MINUTE_MS;
  const first = Number(span.first);
  const { rows } = await sql<PriceCandleRow>`
    select b.start::text as minute_time,
           (array_agg(b.open order by b.minute_time))[1]::text as open,
           max(b.high)::text as high,
           min(b.low)::text as low,
           (array_agg(b.close order by b.minute_time desc))[1]::text as close
    from (
      select ${first}::bigint + ((minute_time - ${first}::bigint) / ${bucket}::bigint) * ${bucket}::bigint as start,
             minute_time, open, high, low, close
      from position_price
      where position_id = ${positionId}
    ) as b
    group by b.start
    order by b.start`.execute(db);
  return rows;
}
