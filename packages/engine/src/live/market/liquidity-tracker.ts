import { type BookLevel, type LiquidityConfig, type LiquidityState, liquidityState } from '@balancer/core';
import type { ExchangeOrderBook, MarketDataPort } from '../../ports/exchange.js';

/**
 * Levels per side asked for: one of Binance's depth sizes (weight 50 at 1,000), deep enough to
 * cover the default ±0.15 % around the price, and within the simulator's 2,000.
 */
export const BOOK_DEPTH = 1000;

function levels(side: ExchangeOrderBook['bids']): BookLevel[] {
  return side.map(([price, size]) => [Number(price), Number(size)]);
}

/**
 * The liquidity indicator (docs/engine.md, The tick): the order book read each tick (adapters cache or
 * stream it) and core's liquidityState, whose thresholds are carried from tick to tick.
 */
export class LiquidityTracker {
  private previous: LiquidityState | null = null;

  async update(
    port: MarketDataPort,
    price: number,
    config: LiquidityConfig,
    now: number,
  ): Promise<LiquidityState> {
    const book = await port.orderBook(BOOK_DEPTH);
    const state = liquidityState(
      { bids: levels(book.bids), asks: levels(book.asks) },
      price,
      config,
      this.previous,
      now,
    );
    this.previous = state;
    return state;
  }
}
