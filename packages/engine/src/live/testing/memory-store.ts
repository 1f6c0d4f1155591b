import {
  actionsFromOrders,
  addTrades,
  assignTrades,
  CodedError,
  type CrashState,
  DEFAULT_COINS_CONFIG,
  DEFAULT_LIQUIDITY_CONFIG,
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  DEFAULT_WINDOW_CONFIG,
  EMPTY_POSITION_LEDGER,
  type EquitySample,
  fixedText,
  type StrategyConfig,
  sortTrades,
  type Trade,
  type Transaction,
} from '@balancer/core';
import type { ExchangeTrade } from '../../ports/exchange.js';
import type {
  ActivePositionInputs,
  EngineSettings,
  EngineStore,
  ReversalPoint,
  StoredTransaction,
  TradeSyncResult,
  TransactionIntent,
} from '../ports.js';
import { type MarketAssets, tradeFromExchange } from '../trades/from-exchange.js';
import { addMinutePrice, type PriceCandle } from './price-candles.js';
import { executedOrders, transactionForTrade } from './trade-links.js';

/** A stored trade and what it belongs to. */
export interface MemoryTrade {
  trade: Trade;
  positionId: string | null;
  /** The transaction whose order made it, when known. */
  transactionId: string | null;
}

export interface MemoryPosition {
  id: string;
  open: number;
  close: number | null;
}

const copy = <T>(value: T): T => structuredClone(value);
const MINUTE_MS = 60_000;

/**
 * A real in-memory EngineStore (the whole contract of ports.ts), for engine tests and the
 * simulator without a database. Trades are grouped into positions with core's assignTrades and
 * each position's actions rebuilt with actionsFromOrders from its SUCCEEDED transactions. Values
 * are copied in and out, as a database would.
 */
export class MemoryEngineStore implements EngineStore {
  readonly transactions = new Map<string, StoredTransaction>();
  readonly trades: MemoryTrade[] = [];
  readonly positions: MemoryPosition[] = [];
  readonly crashes = new Map<string, CrashState>();
  readonly reversalPoints = new Map<string, ReversalPoint[]>();
  readonly prices = new Map<string, PriceCandle[]>();
  /** Every equity sample written, in order (the database keeps the last one of each minute). */
  readonly equity: EquitySample[] = [];
  private readonly runtime = new Map<string, string>();
  private current: EngineSettings;
  private lastTransactionId = 0;

  constructor(
    settings: Partial<EngineSettings> = {},
    private readonly assets: MarketAssets = { base: 'BTC', quote: 'USDT' },
  ) {
    this.current = {
      window: DEFAULT_WINDOW_CONFIG,
      liquidity: DEFAULT_LIQUIDITY_CONFIG,
      coins: DEFAULT_COINS_CONFIG,
      reversal: DEFAULT_REVERSAL_CONFIG,
      strategy: DEFAULT_STRATEGY_CONFIG,
      ...copy(settings),
    };
  }

  /** Replaces some settings (the operator saving a form); the engine reads them next tick. */
  setSettings(settings: Partial<EngineSettings>): void {
    this.current = { ...this.current, ...copy(settings) };
  }

  async settings(): Promise<EngineSettings> {
    return copy(this.current);
  }

  async reserveTransactionId(): Promise<string> {
    this.lastTransactionId += 1;
    return String(this.lastTransactionId);
  }

  async saveTransaction(transaction: Transaction, intent: TransactionIntent): Promise<void> {
    const existing = this.transactions.get(transaction.id);
    this.transactions.set(transaction.id, {
      transaction: copy(transaction),
      intent: copy(existing?.intent ?? intent),
      positionId: existing?.positionId ?? null,
    });
  }

  async processingTransactions(): Promise<StoredTransaction[]> {
    return [...this.transactions.values()]
      .filter((stored) => stored.transaction.status === 'PROCESSING')
      .sort(
        (a, b) =>
          a.transaction.eventTime - b.transaction.eventTime ||
          Number(a.transaction.id) - Number(b.transaction.id),
      )
      .map(copy);
  }

  async lastExchangeTradeTime(): Promise<number | null> {
    return this.trades.reduce<number | null>(
      (last, { trade }) => Math.max(last ?? trade.time, trade.time),
      null,
    );
  }

  async addExchangeTrades(input: ExchangeTrade[]): Promise<TradeSyncResult> {
    const known = new Set(this.trades.map(({ trade }) => trade.id));
    const fresh = new Map<string, ExchangeTrade>();
    for (const trade of input) if (!known.has(trade.id)) fresh.set(trade.id, trade);
    const result: TradeSyncResult = { added: fresh.size, opened: [], closed: [] };
    if (fresh.size === 0) return result;
    const active = this.activeRecord();
    const converted = [...fresh.values()].map((trade) => tradeFromExchange(trade, this.assets));
    const ids = new Map<number, string>(active === null ? [] : [[0, active.id]]);
    for (const { trade, position, closes } of assignTrades(this.amountOf(active), converted)) {
      let positionId: string | null = null;
      if (position >= 0) {
        positionId = ids.get(position) ?? this.openPosition(trade.time, result);
        ids.set(position, positionId);
      }
      const transaction = transactionForTrade(this.transactions.values(), fresh.get(trade.id)!);
      if (transaction !== null && positionId !== null) transaction.positionId = positionId;
      this.trades.push({ trade, positionId, transactionId: transaction?.transaction.id ?? null });
      if (closes && positionId !== null) {
        this.positions.find((p) => p.id === positionId)!.close = trade.time;
        result.closed.push(positionId);
      }
    }
    return result;
  }

  async activePosition(strategy: StrategyConfig): Promise<ActivePositionInputs | null> {
    const active = this.activeRecord();
    if (active === null) return null;
    const own = this.trades.filter((t) => t.positionId === active.id);
    const orders = executedOrders(own, this.transactions);
    return {
      id: active.id,
      trades: sortTrades(own.map(({ trade }) => copy(trade))),
      actions: actionsFromOrders(orders, strategy),
    };
  }

  async recordPositionPrice(positionId: string, time: number, price: string): Promise<void> {
    if (!this.positions.some((p) => p.id === positionId))
      throw new CodedError('ENGINE_STORE_INVALID', `no position ${positionId}`);
    const candles = addMinutePrice(this.prices.get(positionId) ?? [], time, price);
    this.prices.set(positionId, candles);
  }

  async recordEquity(sample: EquitySample): Promise<void> {
    this.equity.push({ ...sample });
  }

  async saveCrash(crash: CrashState): Promise<void> {
    this.crashes.set(crash.id, copy(crash));
  }

  async recordReversalPoint(crashId: string, point: ReversalPoint): Promise<void> {
    const points = this.reversalPoints.get(crashId) ?? [];
    const minute = (time: number) => Math.floor(time / MINUTE_MS);
    if (points.at(-1) === undefined || minute(points.at(-1)!.time) !== minute(point.time))
      points.push(copy(point));
    this.reversalPoints.set(crashId, points);
  }

  async loadRuntime<T>(key: string): Promise<T | null> {
    const json = this.runtime.get(key);
    return json === undefined ? null : (JSON.parse(json) as T);
  }

  async saveRuntime(key: string, value: unknown): Promise<void> {
    this.runtime.set(key, JSON.stringify(value));
  }

  private activeRecord(): MemoryPosition | null {
    return this.positions.find((p) => p.close === null) ?? null;
  }

  /** The BTC amount of a position (exact, unrounded), null for none. */
  private amountOf(position: MemoryPosition | null): string | null {
    if (position === null) return null;
    const own = this.trades.filter((t) => t.positionId === position.id).map(({ trade }) => trade);
    return fixedText(addTrades(EMPTY_POSITION_LEDGER, own).amount);
  }

  private openPosition(time: number, result: TradeSyncResult): string {
    const id = String(this.positions.length + 1);
    this.positions.push({ id, open: time, close: null });
    result.opened.push(id);
    return id;
  }
}
