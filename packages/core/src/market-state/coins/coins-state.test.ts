import { describe, expect, it } from 'vitest';
import { COIN_STALE_MS, type CoinsState, emptyCoinsState, rotateCoins, updateCoins } from './coins-state.js';
import { parseCoinsConfig } from './config.js';

const config = parseCoinsConfig({
  whitelist: ['BTC', 'ETH', 'SOL', 'XRP'],
  limit: 3,
  size: 128,
  interval: 15,
  requirement: 0.01,
  strongRequirement: 0.3,
});
const T0 = 1_700_000_010_000; // a multiple of 15 s: the start of an interval

describe('updateCoins', () => {
  it('follows BTC and the first whitelisted coins before a selection', () => {
    const state = updateCoins(
      emptyCoinsState(),
      { BTC: 50_000, ETH: 2_500, SOL: 100, XRP: 1 },
      50_000,
      T0,
      config,
    );
    expect(Object.keys(state.quote)).toEqual(['BTC', 'ETH', 'SOL']); // limit 3
    expect(Object.keys(state.base)).toEqual(['ETH', 'SOL']); // BTC excluded
    expect(state.base.ETH).toEqual({ values: [0.05], lastUpdate: T0, itemStart: T0 }); // 2,500 ÷ 50,000
  });

  it('overwrites the last item within its interval and appends in the next', () => {
    let state = updateCoins(emptyCoinsState(), { BTC: 100, ETH: 10 }, 100, T0, config);
    state = updateCoins(state, { BTC: 101, ETH: 10 }, 101, T0 + 14_999, config); // same 15 s interval
    expect(state.quote.BTC?.values).toEqual([101]);
    state = updateCoins(state, { BTC: 102, ETH: 12 }, 102, T0 + 15_000, config); // the next one
    expect(state.quote.BTC?.values).toEqual([101, 102]);
    // The overwritten item, then the new one; COIN/BTC at 16 dp half up.
    expect(state.base.ETH?.values).toEqual([0.099009900990099, 0.1176470588235294]);
  });

  it('starts an item at its first price and keeps it for one interval from there', () => {
    // ETH at 70 s and 80 s with a 15 s interval: one item (70–85 s), holding the later price.
    let state = updateCoins(emptyCoinsState(), { BTC: 100, ETH: 2000 }, 100, 70_000, config);
    state = updateCoins(state, { BTC: 100, ETH: 2001 }, 100, 80_000, config);
    expect(state.quote.ETH).toEqual({ values: [2001], lastUpdate: 80_000, itemStart: 70_000 });
    state = updateCoins(state, { BTC: 100, ETH: 2002 }, 100, 85_000, config); // 70 + 15: the next item
    expect(state.quote.ETH).toEqual({ values: [2001, 2002], lastUpdate: 85_000, itemStart: 85_000 });
  });

  it('divides COIN/BTC by the BTC window close, rounded to 16 dp, and waits without one', () => {
    // The tick's BTC price is 30,000 but the window closed at 30,001: ETH/BTC = 2,000 ÷ 30,001.
    const state = updateCoins(emptyCoinsState(), { BTC: 30_000, ETH: 2_000 }, 30_001, T0, config);
    expect(state.base.ETH?.values).toEqual([0.066664444518516]); // 0.0666644445185160494… → 16 dp
    expect(state.quote.BTC?.values).toEqual([30_000]);
    const noClose = updateCoins(emptyCoinsState(), { BTC: 30_000, ETH: 2_000 }, null, T0, config);
    expect(noClose.base).toEqual({});
    expect(noClose.quote.ETH?.values).toEqual([2_000]);
  });

  it('reads a window saved before items had a start as starting at its last update', () => {
    const saved = {
      symbols: [],
      rotatedAt: null,
      quote: { BTC: { values: [100], lastUpdate: T0 } },
      base: {},
    };
    const next = updateCoins(saved as unknown as CoinsState, { BTC: 101 }, 101, T0 + 14_999, config);
    expect(next.quote.BTC).toEqual({ values: [101], lastUpdate: T0 + 14_999, itemStart: T0 });
  });

  it('keeps at most size items', () => {
    let state = emptyCoinsState();
    for (let i = 0; i < 200; i += 1)
      state = updateCoins(state, { BTC: 100 + i }, 100 + i, T0 + i * 15_000, config);
    expect(state.quote.BTC?.values).toHaveLength(128);
    expect(state.quote.BTC?.values[127]).toBe(299); // 100 + 199
    expect(state.quote.BTC?.values[0]).toBe(172); // 299 − 127
  });

  it('drops a coin after 10 minutes without a price and keeps it before', () => {
    const start = updateCoins(emptyCoinsState(), { BTC: 100, ETH: 10 }, 100, T0, config);
    const before = updateCoins(start, { BTC: 100 }, 100, T0 + COIN_STALE_MS - 1, config);
    expect(before.quote.ETH).toBe(start.quote.ETH); // unchanged windows are shared
    const after = updateCoins(start, { BTC: 100 }, 100, T0 + COIN_STALE_MS, config);
    expect(Object.keys(after.quote)).toEqual(['BTC']);
    expect(Object.keys(after.base)).toEqual([]);
  });

  it('ignores a price older than the last one', () => {
    const start = updateCoins(emptyCoinsState(), { BTC: 100 }, 100, T0 + 30_000, config);
    expect(updateCoins(start, { BTC: 1 }, 1, T0, config).quote.BTC).toBe(start.quote.BTC);
  });

  it('never changes the state passed in', () => {
    const start = updateCoins(emptyCoinsState(), { BTC: 100 }, 100, T0, config);
    const copy = JSON.parse(JSON.stringify(start)) as CoinsState;
    updateCoins(start, { BTC: 200 }, 200, T0 + 1_000, config);
    updateCoins(start, { BTC: 300 }, 300, T0 + 20_000, config);
    expect(start).toEqual(copy);
  });

  it('rejects bad prices (2511), state (2512), time (2510) and config (2502)', () => {
    const state = emptyCoinsState();
    expect(() => updateCoins(state, { BTC: 0 }, 0, T0, config)).toThrow(
      expect.objectContaining({ code: 2511 }),
    );
    expect(() => updateCoins(state, { ETH: Number.NaN }, null, T0, config)).toThrow(
      expect.objectContaining({ code: 2511 }),
    );
    expect(() => updateCoins({ quote: {} } as never, {}, null, T0, config)).toThrow(
      expect.objectContaining({ code: 2512 }),
    );
    expect(() => updateCoins(state, {}, null, -1, config)).toThrow(expect.objectContaining({ code: 2510 }));
    expect(() => updateCoins(state, {}, null, T0, { ...config, limit: 30 })).toThrow(
      expect.objectContaining({ code: 2502 }),
    );
  });
});

describe('rotateCoins', () => {
  it('keeps the windows of coins that stay and follows the new selection', () => {
    const start = updateCoins(emptyCoinsState(), { BTC: 100, ETH: 10, SOL: 1 }, 100, T0, config);
    const rotated = rotateCoins(start, ['BTC', 'XRP'], T0 + 5, config);
    expect(rotated.symbols).toEqual(['BTC', 'XRP']);
    expect(rotated.rotatedAt).toBe(T0 + 5);
    expect(Object.keys(rotated.quote)).toEqual(['BTC']);
    const next = updateCoins(rotated, { BTC: 100, ETH: 10, XRP: 2 }, 100, T0 + 6, config);
    expect(Object.keys(next.quote)).toEqual(['BTC', 'XRP']); // ETH is no longer followed
  });

  it('rejects symbols that are not whitelisted, repeated, too many or without BTC (2517)', () => {
    const state = emptyCoinsState();
    for (const symbols of [['BTC', 'DOGE'], ['BTC', 'BTC'], ['BTC', 'ETH', 'SOL', 'XRP'], ['ETH']]) {
      expect(() => rotateCoins(state, symbols, T0, config)).toThrow(expect.objectContaining({ code: 2517 }));
    }
  });
});
