/**
 * The live engine's ports besides the exchange: where it keeps what must survive a restart
 * (EngineStore) and how it tells the operator (Notifier). The server implements both over its
 * database; engine tests use MemoryEngineStore (live/testing/memory-store.ts), a real in-memory
 * implementation of the same contract. Amounts are decimal strings, times epoch ms.
 */
import type {
  CoinsConfig,
  CrashState,
  EquitySample,
  LiquidityConfig,
  OrderReason,
  PositionActions,
  ReversalConfig,
  StrategyConfig,
  Trade,
  Transaction,
  WindowConfig,
} from '@balancer/core';
import type { ExchangeTrade } from '../ports/exchange.js';

/** The operator's five settings. A change takes effect on the next tick (read every tick). */
export interface EngineSettings {
  window: WindowConfig;
  liquidity: LiquidityConfig;
  coins: CoinsConfig;
  reversal: ReversalConfig;
  strategy: StrategyConfig;
}

/** Why an order was placed: kept with its transaction, read back when positions are computed. */
export interface TransactionIntent {
  kind: 'increase' | 'decrease';
  /** The decrease level (0–4) of an automatic decrease; null for increases and manual decreases. */
  level: number | null;
  /** True for the operator's manual increase/decrease (POST position/increase|decrease). */
  manual: boolean;
  /**
   * The rule, price and amounts the decision used (docs/strategy.md#order-reasons), decided with
   * the order and stored with it; null (or absent) for an order stored before reasons were.
   */
  reason?: OrderReason | null;
}

export interface StoredTransaction {
  transaction: Transaction;
  intent: TransactionIntent;
  /** The position whose trades came from this transaction's order (set by trade sync), else null. */
  positionId: string | null;
}

/** The active position's inputs, ready for core's computePosition. */
export interface ActivePositionInputs {
  /** Position id (a bigint as a decimal string). */
  id: string;
  /** Its trades, oldest first (exchange and manual ones). */
  trades: Trade[];
  /**
   * Increase/decrease actions rebuilt from the SUCCEEDED transactions linked to the position's
   * trades, in order, with core's recordIncrease/recordDecrease under `strategy` (a manual
   * decrease has no level and records no decrease action).
   */
  actions: PositionActions;
}

/** What one call of addExchangeTrades changed. */
export interface TradeSyncResult {
  /** Trades stored by this call (ids already stored are skipped). */
  added: number;
  /** Positions opened / closed by these trades (ids). */
  opened: string[];
  closed: string[];
}

/** A point of the reversal indicator's history during a crash. */
export interface ReversalPoint {
  time: number;
  total: number;
  liquidity: number;
  coinsQuote: number;
  coinsBase: number;
}

/**
 * Persistence of the live engine. Every method is atomic on its own (one database transaction).
 * Crash-safety contract: the engine saves a transaction BEFORE placing its order and after
 * every step, so after a kill -9 every order that may exist has a PROCESSING row to reconcile.
 */
export interface EngineStore {
  /** The five settings as stored, with the defaults for any never saved. */
  settings(): Promise<EngineSettings>;

  /** A new, never-used transaction id (a positive integer as a string; clientOrderIdFor accepts it). */
  reserveTransactionId(): Promise<string>;
  /** Inserts or replaces the transaction with this id (status, attempts, logs), keeping its intent. */
  saveTransaction(transaction: Transaction, intent: TransactionIntent): Promise<void>;
  /** Every PROCESSING transaction, oldest first (start-up reconciliation). */
  processingTransactions(): Promise<StoredTransaction[]>;

  /** Open time of the newest stored exchange trade, or null; trade sync asks the exchange from here. */
  lastExchangeTradeTime(): Promise<number | null>;
  /**
   * Stores exchange trades not stored yet (by exchange trade id), oldest first, assigning each to
   * a position (docs/trading-api.md): while none is active, sells are kept unassigned and a buy opens
   * one; a position closes when its amount falls under MIN_ORDER_BASE. Links each trade to the
   * transaction whose logged order fills (or client order id) name it.
   */
  addExchangeTrades(trades: ExchangeTrade[]): Promise<TradeSyncResult>;
  /** The active position's trades and actions, or null when none is active. */
  activePosition(strategy: StrategyConfig): Promise<ActivePositionInputs | null>;

  /** Records the price of an active position (kept as one OHLC per minute for its history chart). */
  recordPositionPrice(positionId: string, time: number, price: string): Promise<void>;
  /** Records an equity sample (core's equitySample; one per minute is kept, the last one seen). */
  recordEquity(sample: EquitySample): Promise<void>;
  /** Inserts or updates a crash record (highest points, final points, event time). */
  saveCrash(crash: CrashState): Promise<void>;
  /** Appends a point of the crash's reversal history (at most one per minute is kept). */
  recordReversalPoint(crashId: string, point: ReversalPoint): Promise<void>;

  /** Small engine state kept across restarts (coins windows, the active crash), as JSON. */
  loadRuntime<T>(key: string): Promise<T | null>;
  saveRuntime(key: string, value: unknown): Promise<void>;
}

/** A notification (docs/notifications.md); the server stores it and may deliver it. */
export interface EngineNotification {
  sender: 'market state' | 'transaction' | 'position' | 'planner' | 'websocket' | 'exchange';
  title: string;
  description: string;
}

export interface Notifier {
  /** Never throws into the engine: delivery failures must not block trading. */
  notify(notification: EngineNotification, now: number): Promise<void>;
}

/**
 * Where the engine reports a fault of its own that is no operator's notification: a tick listener
 * that throws. The server passes its logger (pino's `error(fields, message)` fits).
 */
export interface EngineLogger {
  error(fields: { err: unknown }, message: string): void;
}

/**
 * One trading engine per database. The server implements it with a PostgreSQL advisory lock (held
 * by one session for as long as the engine trades); tests use MemoryLockTable (testing/). An engine
 * that cannot acquire it stays on standby: market state only, never an order.
 */
export interface EngineLock {
  /**
   * Whether this engine may place an order at this moment: answered without waiting, from what the
   * lock last confirmed (the server's lock: a lease renewed by a heartbeat, docs/failover.md).
   * Checked right before every order; false as soon as the lock may be lost.
   */
  holds(): boolean;
  /** Takes the lock when free (or already ours): true when this engine holds it now. Never waits. */
  tryAcquire(): Promise<boolean>;
  /** Gives the lock up; harmless when not held. */
  release(): Promise<void>;
}
