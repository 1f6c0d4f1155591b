import {
  BASE_SYMBOL,
  type CoinsConfig,
  type CoinsFamilyState,
  type CoinsState,
  coinsStates,
  emptyCoinsState,
  followedSymbols,
  type MarketStateValue,
  rotateCoins,
  selectTopSymbols,
  shouldRotateSymbols,
  updateCoins,
} from '@balancer/core';
import type { MarketDataPort } from '../../ports/exchange.js';

/** Both coins families of one tick. */
export interface CoinsTick {
  quote: CoinsFamilyState;
  base: CoinsFamilyState;
}

/**
 * The coins indicator. BTC's price is the window's last close (the market we
 * trade), the other followed coins come from `tickers`. The selection is rotated by 24 h quote
 * volume when core's shouldRotateSymbols says so (never picked yet, or 3 days passed while the
 * window state ≥ 0 and no crash is active). The state (selection and windows) is plain data, kept
 * across restarts by the caller (`state` / `restore`).
 */
export class CoinsTracker {
  state: CoinsState = emptyCoinsState();

  restore(state: CoinsState | null): void {
    if (state !== null) this.state = state;
  }

  async update(
    port: MarketDataPort,
    btcPrice: number,
    windowState: MarketStateValue,
    crashActive: boolean,
    config: CoinsConfig,
    now: number,
  ): Promise<CoinsTick> {
    // A selection the settings no longer allow (whitelist or limit changed) is picked again at once.
    const outdated =
      this.state.symbols.length > config.limit ||
      this.state.symbols.some((symbol) => !config.whitelist.includes(symbol));
    if (outdated || shouldRotateSymbols(this.state.rotatedAt, now, windowState, crashActive)) {
      const candidates = config.whitelist.filter((symbol) => symbol !== BASE_SYMBOL);
      const tickers = candidates.length === 0 ? [] : await port.tickers(candidates);
      const volumes: Record<string, number> = {};
      for (const ticker of tickers) volumes[ticker.base] = Number(ticker.quoteVolume);
      this.state = rotateCoins(
        this.state,
        selectTopSymbols(volumes, config.whitelist, config.limit),
        now,
        config,
      );
    }
    const others = followedSymbols(this.state, config).filter((symbol) => symbol !== BASE_SYMBOL);
    const prices: Record<string, number> = { [BASE_SYMBOL]: btcPrice };
    if (others.length > 0) {
      for (const ticker of await port.tickers(others)) {
        const last = Number(ticker.last);
        // A coin without a price (halted, delisted) keeps its window until it goes stale.
        if (last > 0 && Number.isFinite(last)) prices[ticker.base] = last;
      }
    }
    // BTC is the window close here, so the quote and base families see the same BTC value.
    this.state = updateCoins(this.state, prices, btcPrice, now, config);
    return coinsStates(this.state, config);
  }
}
