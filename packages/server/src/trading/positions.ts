import {
  type CandleSeries,
  CodedError,
  MAX_RANGE_PAGE_LIMIT,
  MAX_RANGE_QUERY_MS,
  type OpenTimePageQuery,
  type PositionFilterQuery,
  type RangeQuery,
  recordsRange,
  type TransactionFilterQuery,
} from '@balancer/core';
import type { WriteWatch } from '../db/write-watch.js';
import type { Platform } from '../platform/platform.js';
import { ReadCache } from '../shared/read-cache.js';
import type { Db } from './database.js';
import { type PositionRecord, positionRecords } from './position-record.js';
import {
  type PositionRow,
  selectPosition,
  selectPositionPage,
  selectPositionRange,
  setArchived,
} from './positions-repository.js';
import { MAX_HISTORY_CANDLES, selectPriceHistory } from './price-history.js';
import { selectFilteredPositions, selectFilteredTransactions } from './record-pages.js';
import type { EngineSettingsService } from './settings.js';
import { selectTradesOfPositions, type TradeRecord, toTradeRecord } from './trades-repository.js';
import {
  selectPositionTransactions,
  selectTransaction,
  type TransactionRecord,
  toTransactionRecord,
} from './transactions-repository.js';

export type { PositionRecord } from './position-record.js';

/**
 * What a page of position records is read from: the positions, their trades and the trades'
 * transactions (the actions), their price history (the latest price), and the strategy.
 */
export const POSITION_RECORD_TABLES = [
  'position',
  'trade',
  'transaction',
  'position_price',
  'engine_setting',
];

/**
 * How long a page of position records is reused at most (ms). Any write to the tables above
 * through this process's database drops it at once (db/write-watch.ts); the bound is for what the
 * watch cannot see (another instance on the same PostgreSQL, a transaction's commit).
 */
export const POSITION_PAGE_CACHE_MS = 1_000;

/**
 * Positions and transactions as the API reads them (docs/trading-api.md), and the archive flag.
 * Positions are computed at their latest known price under the current strategy (its level
 * gains give the decrease price levels).
 */
export class PositionsService {
  /** Pages of records per database handle's write watch, keyed by the tables' version and query. */
  private readonly pages = new WeakMap<WriteWatch, ReadCache<string, PositionRecord[]>>();

  constructor(
    readonly platform: Platform,
    private readonly settings: EngineSettingsService,
    /** Wall time, epoch ms. */
    private readonly now: () => number,
  ) {}

  private get db(): Db {
    return this.platform.database.db;
  }

  private async records(rows: readonly PositionRow[]): Promise<PositionRecord[]> {
    const strategy = await this.settings.get('strategy');
    return positionRecords(this.db, rows, strategy);
  }

  private async row(id: number): Promise<PositionRow> {
    const row = await selectPosition(this.db, id);
    if (!row) throw new CodedError('POSITION_NOT_FOUND', String(id));
    return row;
  }

  async record(id: number): Promise<PositionRecord> {
    return (await this.records([await this.row(id)]))[0]!;
  }

  /** Newest first by open time, opened before the exclusive cursor. */
  async page(query: OpenTimePageQuery): Promise<PositionRecord[]> {
    const { writes } = this.platform.database;
    let cache = this.pages.get(writes);
    if (!cache) {
      cache = new ReadCache(POSITION_PAGE_CACHE_MS, this.now, 100);
      this.pages.set(writes, cache);
    }
    // The version in the key: a page read before a write is never served after it.
    const key = `${writes.version(POSITION_RECORD_TABLES)} ${query.limit} ${query.startAtOpenTime ?? ''}`;
    return cache.get(key, async () => this.records(await selectPositionPage(this.db, query)));
  }

  /**
   * A page of the positions opened within [startAt, endAt], newest first (`limit`, default and at
   * most 100, before the exclusive cursor `startAtOpenTime`). A missing end is filled: endAt with
   * startAt + 6 years (or `now` when neither is given), startAt with endAt − 6 years; the span may
   * not exceed 6 years (MAX_RANGE_QUERY_MS).
   */
  async range(query: RangeQuery, now: number): Promise<PositionRecord[]> {
    const endAt = query.endAt ?? (query.startAt === undefined ? now : query.startAt + MAX_RANGE_QUERY_MS);
    const startAt = query.startAt ?? Math.max(0, endAt - MAX_RANGE_QUERY_MS);
    if (startAt > endAt || endAt - startAt > MAX_RANGE_QUERY_MS) {
      throw new CodedError('TRADING_QUERY_INVALID', `range ${startAt}–${endAt} is not 0 to 6 years long`);
    }
    const page = { limit: query.limit ?? MAX_RANGE_PAGE_LIMIT, startAtOpenTime: query.startAtOpenTime };
    return this.records(await selectPositionRange(this.db, startAt, endAt, page));
  }

  /**
   * The position's price history as parallel arrays (times in `id`): one candle per minute, or,
   * for a position open longer than MAX_HISTORY_CANDLES minutes, candles of as many whole
   * minutes as keep it within that many (first open, highest high, lowest low, last close), so
   * the answer stays small however long the position lives.
   */
  async eventHistory(id: number): Promise<CandleSeries> {
    await this.row(id);
    const rows = await selectPriceHistory(this.db, String(id), MAX_HISTORY_CANDLES);
    return {
      id: rows.map((row) => Number(row.minute_time)),
      open: rows.map((row) => Number(row.open)),
      high: rows.map((row) => Number(row.high)),
      low: rows.map((row) => Number(row.low)),
      close: rows.map((row) => Number(row.close)),
    };
  }

  /** The position's trades, oldest first. */
  async trades(id: number): Promise<TradeRecord[]> {
    await this.row(id);
    return (await selectTradesOfPositions(this.db, [String(id)])).map(toTradeRecord);
  }

  /** The transactions whose orders made the position's trades, newest first. */
  async transactions(id: number): Promise<TransactionRecord[]> {
    await this.row(id);
    return (await selectPositionTransactions(this.db, id)).map(toTransactionRecord);
  }

  async transaction(id: number): Promise<TransactionRecord> {
    const row = await selectTransaction(this.db, id);
    if (!row) throw new CodedError('TRANSACTION_NOT_FOUND', String(id));
    return toTransactionRecord(row);
  }

  /**
   * A page of the Positions list with its filters (docs/records.md, Search and filter): open or
   * closed and opened within from–to in SQL; the result (profit or loss) on the computed records,
   * read in batches until the page is full or no position is left. Without a filter, `page`.
   */
  async filteredPage(query: PositionFilterQuery, now: number): Promise<PositionRecord[]> {
    const { limit, startAtOpenTime, state, result, from, to } = query;
    const range = from || to ? recordsRange({ from, to }, now) : null;
    if (!state && !result && !range) return this.page({ limit, startAtOpenTime });
    const found: PositionRecord[] = [];
    let cursor = startAtOpenTime;
    for (;;) {
      const rows = await selectFilteredPositions(this.db, { state, startAtOpenTime: cursor }, range, 100);
      for (const record of await this.records(rows)) {
        const pnl = Number(record.pnl);
        if (!result || (result === 'profit' ? pnl > 0 : pnl < 0)) found.push(record);
        if (found.length === limit) return found;
      }
      if (rows.length < 100) return found;
      cursor = Number(rows.at(-1)!.open);
    }
  }

  /** A page of the Transactions list with its filters (side, state, placed within from–to, reason). */
  async filteredTransactionPage(query: TransactionFilterQuery, now: number): Promise<TransactionRecord[]> {
    const range = query.from || query.to ? recordsRange(query, now) : null;
    return (await selectFilteredTransactions(this.db, query, range)).map(toTransactionRecord);
  }

  /**
   * Flags a closed position out of the statistics (or back in). The active position cannot be
   * archived; unarchiving it is harmless (it is never archived).
   */
  async setArchived(id: number, archived: boolean): Promise<PositionRecord> {
    const row = await this.row(id);
    if (archived && row.close === null) throw new CodedError('ACTIVE_POSITION_NOT_ARCHIVABLE', String(id));
    await setArchived(this.db, row.id, archived);
    return this.record(id);
  }
}
