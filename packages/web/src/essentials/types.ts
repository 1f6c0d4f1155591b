import type {
  CandleSeries,
  CoinsFamilyState,
  Plan,
  PositionRecord,
  VersionSummary,
  WindowState,
} from '@balancer/core';

/** The signed-in user as the essentials carry it (authority 1–5, docs/accounts.md). */
export interface EssentialsUser {
  id: string;
  nickname: string;
  authority: number;
}

/** What the operator trades on; `simulated` is true for the simulator and paper trading. */
export interface ExchangeConfig {
  name: string;
  simulated: boolean;
  baseAsset: string;
  quoteAsset: string;
  /** The engine's mode: trading, standby, backing-off, … */
  mode: string;
}

/** One tick's market state (docs/engine.md); the window's ids are candle open times (ms). */
export interface MarketState {
  windowState: WindowState & { window: CandleSeries };
  liquidityState: { bidDominance: number; neutral: boolean };
  coinsStates: { quote: CoinsFamilyState; base: CoinsFamilyState };
  reversalState?: { id: string; points: number; reversalEventTime: number | null };
}

/** GET /data-join/app-essentials (packages/server/src/features/engine/essentials.ts). */
export interface AppEssentials {
  /** Epoch ms; incoming essentials without a numeric serverTime are ignored (merge.ts). */
  serverTime: number;
  version: VersionSummary;
  unreadNotifications: number;
  unreadAPIErrors: number;
  user: EssentialsUser;
  exchangeConfig: ExchangeConfig;
  /** null until the engine's first tick. */
  marketState: MarketState | null;
  /** The active position as GET /position/record/:id gives it (money as decimal strings). */
  position: PositionRecord | null;
  plan: Plan | null;
  /** BTC price in the quote asset, decimal string; null before the first tick. */
  price: string | null;
}

/** The stream's per-tick `essentials` event: the window cut to its last 2 candles, no serverTime. */
export interface StreamEssentials {
  unreadNotifications: number;
  unreadAPIErrors: number;
  /** The tick's time (ms). */
  time: number;
  price: string;
  mode: string;
  marketState: MarketState;
  position: PositionRecord | null;
  plan: Plan | null;
}

export type UnreadCounts = Pick<AppEssentials, 'unreadNotifications' | 'unreadAPIErrors'>;
