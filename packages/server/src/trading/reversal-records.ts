import { CodedError, type CrashRecord, type EventTimePageQuery, type ReversalHistory } from '@balancer/core';
import type { Platform } from '../platform/platform.js';

/** The reversal indicator's records: crashes newest first, and each crash's point history. */
export class ReversalRecordsService {
  constructor(readonly platform: Platform) {}

  /** Crashes newest first, started before the exclusive cursor `startAtEventTime`. */
  async page(query: EventTimePageQuery): Promise<CrashRecord[]> {
    let select = this.platform.database.db
      .selectFrom('crash')
      .selectAll()
      .orderBy('start', 'desc')
      .limit(query.limit);
    if (query.startAtEventTime !== undefined)
      select = select.where('start', '<', String(query.startAtEventTime));
    return (await select.execute()).map((row) => ({
      ...row,
      start: Number(row.start),
      end: Number(row.end),
      reversal_event_time: row.reversal_event_time === null ? null : Number(row.reversal_event_time),
    }));
  }

  async eventHistory(crashId: string): Promise<ReversalHistory> {
    const db = this.platform.database.db;
    const crash = await db.selectFrom('crash').select('id').where('id', '=', crashId).executeTakeFirst();
    if (!crash) throw new CodedError('CRASH_NOT_FOUND', crashId);
    const rows = await db
      .selectFrom('reversal_point')
      .selectAll()
      .where('crash_id', '=', crashId)
      .orderBy('time')
      .execute();
    return {
      id: rows.map((row) => Number(row.time)),
      total: rows.map((row) => row.total),
      liquidity: rows.map((row) => row.liquidity),
      coins_quote: rows.map((row) => row.coins_quote),
      coins_base: rows.map((row) => row.coins_base),
    };
  }
}
