import { type Selectable, sql } from 'kysely';
import type { Db } from './database.js';
import type { PositionTable } from './tables.js';

export type PositionRow = Selectable<PositionTable>;

export const POSITION_COLUMNS = ['id', 'open', 'close', 'archived'] as const;

/** The position without a close time (at most one: a partial unique index guards it). */
export async function selectActivePosition(db: Db): Promise<PositionRow | undefined> {
  return db.selectFrom('position').select(POSITION_COLUMNS).where('close', 'is', null).executeTakeFirst();
}

export async function selectPosition(db: Db, id: number | string): Promise<PositionRow | undefined> {
  return db.selectFrom('position').select(POSITION_COLUMNS).where('id', '=', String(id)).executeTakeFirst();
}

export async function insertPosition(db: Db, open: number): Promise<string> {
  const row = await db.insertInto('position').values({ open }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function closePosition(db: Db, id: string, close: number | null): Promise<void> {
  await db.updateTable('position').set({ close }).where('id', '=', id).execute();
}

export async function setArchived(db: Db, id: string, archived: boolean): Promise<void> {
  await db.updateTable('position').set({ archived }).where('id', '=', id).execute();
}

/**
 * BTC the position holds, exactly, from its trades: Σ buys − Σ sells − commissions paid in BTC
 * (core's baseDelta summed in SQL NUMERIC), as a decimal string.
 */
export async function positionAmount(db: Db, id: string): Promise<string> {
  const { rows } = await sql<{ amount: string }>`
    select coalesce(sum(
      case when side = 'BUY' then amount else -amount end
      - case when commission_asset = 'BASE' then commission else 0 end
    ), 0)::text as amount
    from trade where position_id = ${id}`.execute(db);
  return rows[0]!.amount;
}

/** Newest first by open time, opens before the exclusive cursor `startAtOpenTime`. */
export async function selectPositionPage(
  db: Db,
  page: { limit: number; startAtOpenTime?: number | undefined },
): Promise<PositionRow[]> {
  let query = db
    .selectFrom('position')
    .select(POSITION_COLUMNS)
    .orderBy('open', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.startAtOpenTime !== undefined) query = query.where('open', '<', String(page.startAtOpenTime));
  return query.execute();
}

/** A page of the positions opened within [startAt, endAt] (ms, inclusive), newest first. */
export async function selectPositionRange(
  db: Db,
  startAt: number,
  endAt: number,
  page: { limit: number; startAtOpenTime?: number | undefined },
): Promise<PositionRow[]> {
  let query = db
    .selectFrom('position')
    .select(POSITION_COLUMNS)
    .where('open', '>=', String(startAt))
    .where('open', '<=', String(endAt))
    .orderBy('open', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.startAtOpenTime !== undefined) query = query.where('open', '<', String(page.startAtOpenTime));
  return query.execute();
}
