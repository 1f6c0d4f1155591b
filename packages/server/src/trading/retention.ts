import { type Kysely, sql } from 'kysely';
import { DAY_MS, HOUR_MS, type RetentionRule } from '../db/retention.js';
import type { Database } from '../db/types.js';

/**
 * The engine's market history. Positions, trades and transactions are money records and are never
 * deleted. Times here are market time (the simulator's replay clock runs ahead of the wall), so
 * these rules count rows, or measure from each position's newest price, never from the wall clock.
 */
export const MARKET_HISTORY_LIMITS = {
  /** A position's minute candles are kept this far back from its newest one, then merged hourly. */
  minuteCandlesMs: 7 * DAY_MS,
  /** Equity samples: minutes this far back from the newest one, then the hour's last sample... */
  equityMinutesMs: 7 * DAY_MS,
  /** ...kept this far back from the newest one. */
  equityHoursMs: 730 * DAY_MS,
  /** Crash records kept, newest first (each a small row). */
  crashes: 1_000,
  /** Reversal points kept, by whole crashes newest first (the default 6 h crash has ≤ 360). */
  reversalPoints: 100_000,
} as const;

/**
 * Merges each position's minute candles older than minuteCandlesMs before its newest one into one
 * candle per hour (open of the first minute, high, low, close of the last; time the hour's start).
 * An hour already merged (one row at its start) is left as it is, so a run rewrites nothing twice.
 * Returns the rows removed (minutes merged away).
 */
export async function mergeOldPositionPrices(db: Kysely<Database>): Promise<number> {
  const result = await sql<{ removed: string }>`
    with cutoff as (
      select position_id, max(minute_time) - ${MARKET_HISTORY_LIMITS.minuteCandlesMs}::bigint as before
      from position_price group by position_id
    ), old as (
      select p.position_id, p.minute_time, p.minute_time - p.minute_time % ${HOUR_MS} as hour
      from position_price p join cutoff c on c.position_id = p.position_id
      where p.minute_time < c.before - c.before % ${HOUR_MS}
    ), hours as (
      select position_id, hour from old group by position_id, hour
      having count(*) > 1 or min(minute_time) <> hour
    ), merged as (
      delete from position_price p using hours h
      where p.position_id = h.position_id and p.minute_time - p.minute_time % ${HOUR_MS} = h.hour
      returning p.*, h.hour
    ), inserted as (
      insert into position_price (position_id, minute_time, open, high, low, close)
      select position_id, hour, (array_agg(open order by minute_time))[1], max(high), min(low),
        (array_agg(close order by minute_time desc))[1]
      from merged group by position_id, hour
      returning 1
    )
    select (select count(*) from merged) - (select count(*) from inserted) as removed`.execute(db);
  return Number(result.rows[0]?.removed ?? 0);
}

/**
 * Keeps one equity sample per hour (the hour's last, moved to the hour's start) for the hours
 * wholly older than equityMinutesMs before the newest sample, then deletes the samples older than
 * equityHoursMs before it. An hour already merged (one row at its start) is left as it is.
 * Returns the rows removed.
 */
export async function mergeOldEquitySamples(db: Kysely<Database>): Promise<number> {
  const { equityMinutesMs, equityHoursMs } = MARKET_HISTORY_LIMITS;
  return db.transaction().execute(async (trx) => {
    const merged = await sql<{ removed: string }>`
      with cutoff as (
        select max(minute_time) - ${equityMinutesMs}::bigint as before from equity_sample
      ), old as (
        select e.*, e.minute_time - e.minute_time % ${HOUR_MS} as hour
        from equity_sample e, cutoff c
        where e.minute_time < c.before - c.before % ${HOUR_MS}
      ), hours as (
        select hour from old group by hour having count(*) > 1 or min(minute_time) <> hour
      ), removed as (
        delete from equity_sample e using hours h
        where e.minute_time - e.minute_time % ${HOUR_MS} = h.hour
        returning e.*, h.hour
      ), inserted as (
        insert into equity_sample (minute_time, quote, base, price, equity)
        select distinct on (hour) hour, quote, base, price, equity
        from removed order by hour, minute_time desc
        returning 1
      )
      select (select count(*) from removed) - (select count(*) from inserted) as removed`.execute(trx);
    const old = await sql`
      delete from equity_sample
      where minute_time < (select max(minute_time) from equity_sample) - ${equityHoursMs}::bigint`.execute(
      trx,
    );
    return Number(merged.rows[0]?.removed ?? 0) + Number(old.numAffectedRows ?? 0);
  });
}

/**
 * Deletes the reversal points of the crashes past the newest `reversalPoints` points (whole
 * crashes), then the crashes past the newest `crashes` (their points first: no cascade).
 */
export async function pruneCrashes(db: Kysely<Database>): Promise<number> {
  const { crashes, reversalPoints } = MARKET_HISTORY_LIMITS;
  return db.transaction().execute(async (trx) => {
    const points = await sql`
      with sizes as (select crash_id, count(*) as points from reversal_point group by crash_id),
      ranked as (
        select c.id, row_number() over newest as n, sum(s.points) over newest as running
        from crash c left join sizes s on s.crash_id = c.id
        window newest as (order by c.start desc, c.id desc)
      )
      delete from reversal_point where crash_id in (
        select id from ranked where running > ${reversalPoints} or n > ${crashes})`.execute(trx);
    const records = await sql`
      delete from crash where id in (
        select id from crash order by start desc, id desc offset ${crashes})`.execute(trx);
    return Number(points.numAffectedRows ?? 0) + Number(records.numAffectedRows ?? 0);
  });
}

export const marketHistoryRetention: RetentionRule[] = [
  {
    table: 'position_price',
    keeps: "minute candles for 7 days before each position's newest, hourly candles before that",
    apply: (db) => mergeOldPositionPrices(db),
  },
  {
    table: 'equity_sample',
    keeps: 'one equity sample a minute for 7 days before the newest, then the last of each hour for 2 years',
    apply: (db) => mergeOldEquitySamples(db),
  },
  {
    table: 'crash',
    keeps: 'the newest 1,000 crashes; reversal points of the newest crashes up to 100,000 points',
    apply: (db) => pruneCrashes(db),
  },
];
