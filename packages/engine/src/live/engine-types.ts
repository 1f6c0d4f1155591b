/**
 * The live engine as the server sees it: what it exposes after every tick and what an operator
 * may ask of it. Implemented by LiveEngine (live/engine.ts).
 */
import type { CandleSeries, CoinsFamilyState, Plan, Position, WindowState } from '@balancer/core';
import type { ExchangeBalances, MarketRules } from '../ports/exchange.js';
import type { StoredTransaction } from './ports.js';

/** The market state of one tick, in the shape the API and the stream send. */
export interface LiveMarketState {
  windowState: WindowState & { window: CandleSeries };
  /**
   * `neutral` is true when both sides scored 0 points and 50 is reported: a book with no scored
   * side is no signal either way.
   */
  liquidityState: { bidDominance: number; neutral: boolean };
  coinsStates: { quote: CoinsFamilyState; base: CoinsFamilyState };
  /**
   * The crash in progress, if any: points as shown (÷ requirement × 100, capped at 100), the last
   * tick's total (of 100) and the requirement at which the event fires.
   */
  reversalState?: {
    id: string;
    points: number;
    totalPoints: number;
    pointsRequirement: number;
    reversalEventTime: number | null;
    /** The total at which the event fired (null when it has not, or fired before a restart). */
    reversalEventPoints: number | null;
  };
}

/** The active position with its id, as core computes it at the tick's price. */
export type LivePosition = Position & { id: string };

/**
 * Engine modes: `trading` holds the one-engine-per-database lock and places orders; `standby`
 * computes the market state but never trades (another instance holds the lock); `backing-off`
 * waits after an exchange outage; `reconciling` settles PROCESSING transactions at start-up.
 */
export type EngineMode = 'starting' | 'reconciling' | 'trading' | 'standby' | 'backing-off' | 'stopped';

/** Everything the API and the stream show of one tick. */
export interface EngineSnapshot {
  /** The tick's time (ms). */
  time: number;
  /** BTC price in the quote asset (last close), decimal string. */
  price: string;
  marketState: LiveMarketState;
  position: LivePosition | null;
  plan: Plan | null;
  /** Free balances as last read (every tick in simulator/paper, at most every 10 s live). */
  balances: ExchangeBalances | null;
  mode: EngineMode;
}

/** What the engine tells about its exchange (the API's exchangeConfig). */
export interface EngineExchangeInfo {
  /** e.g. 'simulated (Binance BTC/USDT 15m replay)', 'binance', 'paper on binance'. */
  name: string;
  /** True for the simulator and paper trading: no real order is ever placed. */
  simulated: boolean;
  /**
   * True when the market runs on its own replay clock (the simulator): market times — candles,
   * trades, transactions, positions — are the replay's, not the wall clock's.
   */
  replay: boolean;
  baseAsset: string;
  quoteAsset: string;
  /**
   * The market's rules as the first tick read them (amount and price steps, minimums), with the
   * fee the engine's orders are charged (a simulated fill's own where the adapter fills them:
   * ExchangePort.simulatedFillFee); null before.
   */
  rules: MarketRules | null;
}

export interface Engine {
  readonly exchange: EngineExchangeInfo;
  readonly mode: EngineMode;
  /** Whether this engine holds the one-engine lock now (it may place orders): the instance leads. */
  readonly leading: boolean;
  /** Reconciles PROCESSING transactions (when trading), then ticks every refetch interval. */
  start(): Promise<void>;
  /**
   * Stops ticking and waits for the tick or order in flight, at most its grace (an order left
   * unsettled stays PROCESSING for start-up reconciliation); releases the lock.
   */
  stop(): Promise<void>;
  /** The last tick's snapshot, null before the first. */
  snapshot(): EngineSnapshot | null;
  /** Called after every tick; returns an unsubscribe function. */
  onTick(listener: (snapshot: EngineSnapshot) => void): () => void;
  /** Manual increase (no gates, same amount rules); resolves when the transaction is finished. */
  increase(by?: string | null): Promise<StoredTransaction>;
  /** Manual decrease of `percentage` (1–100) of the active position. */
  decrease(percentage: number, by?: string | null): Promise<StoredTransaction>;
  /** Free balances read from the exchange now. */
  balances(): Promise<ExchangeBalances>;
  /** Pulls account trades now (also every 60 s and after every order). */
  syncTrades(): Promise<void>;
}
