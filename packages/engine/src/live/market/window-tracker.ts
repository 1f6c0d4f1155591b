import {
  type CandleSeries,
  updateWindow,
  type WindowConfig,
  type WindowState,
  windowState,
} from '@balancer/core';
import type { ExchangeCandle, MarketDataPort } from '../../ports/exchange.js';

/** Candles asked for on a regular refetch: the last one and the one before (finalised on a roll). */
export const RECENT_CANDLES = 3;

/** The window of one tick and what happened to it. */
export interface WindowTick {
  window: CandleSeries;
  state: WindowState;
  /** True when the recent candles did not continue the window and the whole window was refetched. */
  integrityFailure: boolean;
}

/** Exchange candles (decimal strings) as the numeric series core's window functions read. */
export function candleSeries(candles: readonly ExchangeCandle[]): CandleSeries {
  return {
    id: candles.map((c) => c.openTime),
    open: candles.map((c) => Number(c.open)),
    high: candles.map((c) => Number(c.high)),
    low: candles.map((c) => Number(c.low)),
    close: candles.map((c) => Number(c.close)),
  };
}

/**
 * The BTC window. The first tick, a changed size or interval, and every tick after
 * an integrity failure fetch the whole window (`size` candles); other ticks fetch RECENT_CANDLES and
 * apply core's updateWindow: same last open time → refresh it, next open time → append, anything
 * else → refetch the whole window and report `integrityFailure` (the caller notifies).
 */
export class WindowTracker {
  private window: CandleSeries | null = null;
  private key = '';

  async update(port: MarketDataPort, config: WindowConfig): Promise<WindowTick> {
    const key = `${config.interval}/${config.size}`;
    let integrityFailure = false;
    let window: CandleSeries | null = null;
    if (this.window !== null && this.key === key) {
      const recent = candleSeries(await port.candles(config.interval, RECENT_CANDLES));
      const result = updateWindow(this.window, recent, config.size);
      if (result.outcome === 'integrity-failure') integrityFailure = true;
      else window = result.window;
    }
    window ??= candleSeries(await port.candles(config.interval, config.size));
    this.window = window;
    this.key = key;
    return { window, state: windowState(window.close, config), integrityFailure };
  }

  /** Forgets the window: the next tick fetches it whole (after an outage, say). */
  reset(): void {
    this.window = null;
  }
}
