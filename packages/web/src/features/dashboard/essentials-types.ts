import type { CandleArrays } from '../../lib/chart/candles';

/**
 * The parts of GET /data-join/app-essentials the dashboard reads (server:
 * features/engine/essentials.ts). Declared here, not imported, because web does not depend on
 * the server package; money arrives as decimal strings, indicator percentages as numbers.
 */
export interface SplitStateView {
  state: number;
  change: number;
}

export interface WindowStateView {
  state: number;
  splitStates: Record<string, SplitStateView>;
  window: CandleArrays;
}

export interface CoinsFamilyView {
  state: number;
  statesBySymbol: Record<string, { state: number; splitStates: Record<string, SplitStateView> }>;
}

export interface MarketStateView {
  windowState: WindowStateView;
  liquidityState: { bidDominance: number; neutral?: boolean };
  coinsStates: { quote: CoinsFamilyView; base: CoinsFamilyView };
  reversalState?: { id: string; points: number; reversalEventTime: number | null } | null;
}
