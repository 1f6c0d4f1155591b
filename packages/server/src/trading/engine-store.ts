import {
  CodedError,
  type CrashState,
  type EquitySample,
  orderReasonSchema,
  parseWith,
  readTransaction,
  type StrategyConfig,
  type Transaction,
} from '@balancer/core';
import type {
  ActivePositionInputs,
  EngineSettings,
  EngineStore,
  ExchangeTrade,
  MarketAssets,
  ReversalPoint,
  StoredTransaction,
  TradeSyncResult,
  TransactionIntent,
} from '@balancer/engine';
import { z } from 'zod';
import type { Platform } from '../platform/platform.js';
import { systemTime } from '../shared/clock.js';
import { lockTrading } from './database.js';
import { upsertEquitySample } from './equity-history.js';
import { upsertCrash, upsertPositionPrice, upsertReversalPoint } from './market-records.js';
import { actionsOfPositions } from './position-actions.js';
import { selectActivePosition } from './positions-repository.js';
import { loadRuntime, saveRuntime } from './runtime-repository.js';
import { readSettings } from './settings-repository.js';
import { linkTransactionTrades } from './trade-links.js';
import { addExchangeTrades } from './trade-sync.js';
import { lastExchangeTradeTime, selectTradesOfPositions, toCoreTrade } from './trades-repository.js';
import {
  nextTransactionId,
  selectProcessing,
  toStoredTransaction,
  upsertTransaction,
} from './transactions-repository.js';

/** Transaction ids come from transaction_id_seq: positive integers without leading zeros. */
const TRANSACTION_ID = /^[1-9]\d{0,17}$/;

const intentSchema = z
  .strictObject({
    kind: z.enum(['increase', 'decrease']),
    level: z.int().min(0).max(4).nullable(),
    manual: z.boolean(),
    reason: orderReasonSchema.nullable().optional(),
  })
  .refine((intent) => intent.level === null || (intent.kind === 'decrease' && !intent.manual), {
    message: 'only an automatic decrease has a level',
    path: ['level'],
  });

/**
 * The live engine's store over the platform's database (PGlite or PostgreSQL). Every method is
 * one database transaction. `assets` names the market's base and quote assets, to tell which
 * exchange commissions reduce the BTC held (base) or the quote result (quote); `now` stamps
 * setting and runtime rows.
 */
export class DatabaseEngineStore implements EngineStore {
  constructor(
    private readonly platform: Platform,
    private readonly assets: MarketAssets,
    private readonly now: () => number = systemTime,
  ) {}

  private get db() {
    return this.platform.database.db;
  }

  settings(): Promise<EngineSettings> {
    return readSettings(this.db);
  }

  reserveTransactionId(): Promise<string> {
    return nextTransactionId(this.db);
  }

  async saveTransaction(transaction: Transaction, intent: TransactionIntent): Promise<void> {
    const tx = readTransaction(transaction);
    if (!TRANSACTION_ID.test(tx.id)) {
      throw new CodedError('TRADING_RECORD_INVALID', `transaction id ${tx.id} is not a reserved id`);
    }
    const checked = parseWith(intentSchema, intent, 'TRADING_RECORD_INVALID');
    await this.db.transaction().execute(async (trx) => {
      await lockTrading(trx);
      await upsertTransaction(trx, tx, checked);
      await linkTransactionTrades(trx, tx);
    });
  }

  async processingTransactions(): Promise<StoredTransaction[]> {
    return (await selectProcessing(this.db)).map(toStoredTransaction);
  }

  lastExchangeTradeTime(): Promise<number | null> {
    return lastExchangeTradeTime(this.db);
  }

  addExchangeTrades(trades: ExchangeTrade[]): Promise<TradeSyncResult> {
    return addExchangeTrades(this.db, trades, this.assets);
  }

  async activePosition(strategy: StrategyConfig): Promise<ActivePositionInputs | null> {
    // One snapshot: trade sync may close the position or add trades meanwhile.
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const active = await selectActivePosition(trx);
        if (!active) return null;
        const trades = (await selectTradesOfPositions(trx, [active.id])).map(toCoreTrade);
        const actions = (await actionsOfPositions(trx, [active.id], strategy)).get(active.id)!;
        return { id: active.id, trades, actions };
      });
  }

  recordPositionPrice(positionId: string, time: number, price: string): Promise<void> {
    return upsertPositionPrice(this.db, positionId, time, price);
  }

  recordEquity(sample: EquitySample): Promise<void> {
    return upsertEquitySample(this.db, sample);
  }

  saveCrash(crash: CrashState): Promise<void> {
    return upsertCrash(this.db, crash);
  }

  recordReversalPoint(crashId: string, point: ReversalPoint): Promise<void> {
    return upsertReversalPoint(this.db, crashId, point);
  }

  loadRuntime<T>(key: string): Promise<T | null> {
    return loadRuntime<T>(this.db, key);
  }

  saveRuntime(key: string, value: unknown): Promise<void> {
    return saveRuntime(this.db, key, value, this.now());
  }
}
