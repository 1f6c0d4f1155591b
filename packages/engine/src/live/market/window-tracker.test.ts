import { DEFAULT_WINDOW_CONFIG, type WindowConfig } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import type { ExchangeCandle, MarketDataPort } from '../../ports/exchange.js';
import { RECENT_CANDLES, WindowTracker } from './window-tracker.js';

const MIN = 60_000;
const CONFIG: WindowConfig = { ...DEFAULT_WINDOW_CONFIG, size: 128, interval: '1m' };

/** A market whose candles the test edits; records the `limit` of every candles call. */
function market(count: number) {
  const candles: ExchangeCandle[] = Array.from({ length: count }, (_, i) => candle(i, 100));
  const limits: number[] = [];
  const port = {
    name: 'test',
    simulated: true,
    candles: async (_interval: string, limit: number) => {
      limits.push(limit);
      return candles.slice(-limit);
    },
  } as unknown as MarketDataPort;
  return { candles, limits, port };
}

function candle(i: number, close: number): ExchangeCandle {
  return {
    openTime: i * MIN,
    open: '100',
    high: String(Math.max(100, close)),
    low: '99',
    close: String(close),
    volume: '1',
  };
}

describe('WindowTracker: the refetch rule', () => {
  it('fetches the whole window first, then only recent candles', async () => {
    const { port, limits } = market(200);
    const tracker = new WindowTracker();
    const first = await tracker.update(port, CONFIG);
    expect(first.window.id).toHaveLength(128);
    expect(first.window.id[0]).toBe(72 * MIN); // the last 128 of 200: 72 … 199
    await tracker.update(port, CONFIG);
    expect(limits).toEqual([128, RECENT_CANDLES]);
  });

  it('same last open time: the last candle is refreshed', async () => {
    const { port, candles } = market(200);
    const tracker = new WindowTracker();
    await tracker.update(port, CONFIG);
    candles[199] = candle(199, 105);
    const tick = await tracker.update(port, CONFIG);
    expect(tick.integrityFailure).toBe(false);
    expect(tick.window.close.at(-1)).toBe(105);
    expect(tick.window.id).toHaveLength(128);
  });

  it('next open time: the new candle is appended and the oldest dropped', async () => {
    const { port, candles } = market(200);
    const tracker = new WindowTracker();
    await tracker.update(port, CONFIG);
    candles.push(candle(200, 101));
    const tick = await tracker.update(port, CONFIG);
    expect(tick.integrityFailure).toBe(false);
    expect(tick.window.id[0]).toBe(73 * MIN);
    expect(tick.window.id.at(-1)).toBe(200 * MIN);
  });

  it('a gap: integrity failure, the whole window is fetched again', async () => {
    const { port, candles, limits } = market(200);
    const tracker = new WindowTracker();
    await tracker.update(port, CONFIG);
    // Four new candles since the last tick: the 3 recent ones do not continue the window.
    for (let i = 200; i < 204; i++) candles.push(candle(i, 102));
    const tick = await tracker.update(port, CONFIG);
    expect(tick.integrityFailure).toBe(true);
    expect(limits).toEqual([128, RECENT_CANDLES, 128]);
    expect(tick.window.id[0]).toBe(76 * MIN);
    expect(tick.window.id.at(-1)).toBe(203 * MIN);
    expect(tick.window.close.at(-1)).toBe(102);
  });

  it('a changed size or interval, or a reset, fetches the whole window', async () => {
    const { port, limits } = market(300);
    const tracker = new WindowTracker();
    await tracker.update(port, CONFIG);
    await tracker.update(port, { ...CONFIG, size: 256 });
    tracker.reset();
    await tracker.update(port, { ...CONFIG, size: 256 });
    expect(limits).toEqual([128, 256, 256]);
  });
});
