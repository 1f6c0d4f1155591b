import { CodedError, CRASH_ID_PATTERN, type CrashState, Decimal, parseWith } from '@balancer/core';
import type { ReversalPoint } from '@balancer/engine';
import { z } from 'zod';
import { type Db, isForeignKeyViolation } from './database.js';

/**
 * The engine's market history: a position's price as one OHLC per minute, crash records and the
 * reversal points of each crash (at most one per minute, the last one seen).
 */

const MINUTE_MS = 60_000;
const timeSchema = z.int().min(0);
const idSchema = z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive integer as text');
const priceSchema = z.string().refine((value) => {
  try {
    const price = new Decimal(value);
    return price.isFinite() && price.gt(0);
  } catch {
    return false; // bignumber.js throws on text that is not a number
  }
}, 'must be a decimal string greater than 0');
const pointsSchema = z.number().min(0).max(1_000_000);

/** Start of the minute of `time` (ms). */
export const minuteOf = (time: number): number => Math.floor(time / MINUTE_MS) * MINUTE_MS;

export async function upsertPositionPrice(
  db: Db,
  positionId: string,
  time: number,
  price: string,
): Promise<void> {
  const input = parseWith(
    z.object({ positionId: idSchema, time: timeSchema, price: priceSchema }),
    { positionId, time, price },
    'TRADING_RECORD_INVALID',
  );
  const value = new Decimal(input.price).toFixed();
  const upsert = db
    .insertInto('position_price')
    .values({
      position_id: input.positionId,
      minute_time: minuteOf(input.time),
      open: value,
      high: value,
      low: value,
      close: value,
    })
    .onConflict((oc) =>
      oc.columns(['position_id', 'minute_time']).doUpdateSet((eb) => ({
        high: eb.fn('greatest', [eb.ref('position_price.high'), eb.ref('excluded.high')]),
        low: eb.fn('least', [eb.ref('position_price.low'), eb.ref('excluded.low')]),
        close: eb.ref('excluded.close'),
      })),
    )
    .execute();
  await orNotFound(upsert, () => new CodedError('POSITION_NOT_FOUND', input.positionId));
}

const crashSchema = z.object({
  id: z.string().regex(CRASH_ID_PATTERN),
  start: timeSchema,
  end: timeSchema,
  highestPoints: pointsSchema,
  finalPoints: pointsSchema,
  reversalEventTime: timeSchema.nullable(),
});

export async function upsertCrash(db: Db, crash: CrashState): Promise<void> {
  const input = parseWith(crashSchema, crash, 'TRADING_RECORD_INVALID');
  const values = {
    start: input.start,
    end: input.end,
    highest_points: input.highestPoints,
    final_points: input.finalPoints,
    reversal_event_time: input.reversalEventTime,
  };
  await db
    .insertInto('crash')
    .values({ id: input.id, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

const pointSchema = z.object({
  time: timeSchema,
  total: pointsSchema,
  liquidity: pointsSchema,
  coinsQuote: pointsSchema,
  coinsBase: pointsSchema,
});

export async function upsertReversalPoint(db: Db, crashId: string, point: ReversalPoint): Promise<void> {
  const id = parseWith(z.string().regex(CRASH_ID_PATTERN), crashId, 'TRADING_RECORD_INVALID');
  const input = parseWith(pointSchema, point, 'TRADING_RECORD_INVALID');
  const values = {
    total: input.total,
    liquidity: input.liquidity,
    coins_quote: input.coinsQuote,
    coins_base: input.coinsBase,
  };
  const upsert = db
    .insertInto('reversal_point')
    .values({ crash_id: id, time: minuteOf(input.time), ...values })
    .onConflict((oc) => oc.columns(['crash_id', 'time']).doUpdateSet(values))
    .execute();
  await orNotFound(upsert, () => new CodedError('CRASH_NOT_FOUND', id));
}

/** Awaits a write whose foreign key names a parent row; a missing parent becomes `notFound()`. */
async function orNotFound(write: Promise<unknown>, notFound: () => CodedError): Promise<void> {
  try {
    await write;
  } catch (error) {
    throw isForeignKeyViolation(error) ? notFound() : error;
  }
}
