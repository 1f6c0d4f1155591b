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
    const state = updateCoins(emptyCoinsState(), { BTC: 50_000, ETH: 2_500, SOL: 100, XRP: 1 }, T0, config);
    expect(Object.keys(state.quote)).toEqual(['BTC', 'ETH', 'SOL']); // limit 3
    expect(Object.keys(state.base)).toEqual(['ETH', 'SOL']); // BTC excluded
    expect(state.base.ETH).toEqual({ values: [0.05], lastUpdate: T0 }); // 2,500 ÷ 50,000
  });

  it('overwrites the last item within its interval and appends in the next', () => {
    let state = updateCoins(emptyCoinsState(), { BTC: 100, ETH: 10 }, T0, config);
    state = updateCoins(state, { BTC: 101, ETH: 10 }, T0 + 14_999, config); // same 15 s interval
    expect(state.quote.BTC?.values).toEqual([101]);
    state = updateCoins(state, { BTC: 102, ETH: 12 }, T0 + 15_000, config); // the next one
    expect(state.quote.BTC?.values).toEqual([101, 102]);
    expect(state.base.ETH?.values).toEqual([10 / 101, 12 / 102]); // the overwritten item, then the new one
  });

  it('keeps at most size items', () => {
    let state = emptyCoinsState();
    for (let i = 0; i < 200; i += 1) state = updateCoins(state, { BTC: 100 + i }, T0 + i * 15_000, config);
    expect(state.quote.BTC?.values).toHaveLength(128);
    expect(state.quote.BTC?.values[127]).toBe(299); // 100 + 199
    expect(state.quote.BTC?.values[0]).toBe(172); // 299 − 127
  });

  it('drops a coin after 10 minutes without a price and keeps it before', () => {
    const start = updateCoins(emptyCoinsState(), { BTC: 100, ETH: 10 }, T0, config);
    const before = updateCoins(start, { BTC: 100 }, T0 + COIN_STALE_MS - 1, config);
    expect(before.quote.ETH).toBe(start.quote.ETH); // unchanged windows are shared
    const after = updateCoins(start, { BTC: 100 }, T0 + COIN_STALE_MS, config);
    expect(Object.keys(after.quote)).toEqual(['BTC']);
    expect(Object.keys(after.base)).toEqual([]);
  });

  it('ignores a price older than the last one', () => {
    const start = updateCoins(emptyCoinsState(), { BTC: 100 }, T0 + 30_000, config);
    expect(updateCoins(start, { BTC: 1 }, T0, config).quote.BTC).toBe(start.quote.BTC);
  });

  it('never changes the state passed in', () => {
    const start = updateCoins(emptyCoinsState(), { BTC: 100 }, T0, config);
    const copy = JSON.parse(JSON.stringify(start)) as CoinsState;
    updateCoins(start, { BTC: 200 }, T0 + 1_000, config);
    updateCoins(start, { BTC: 300 }, T0 + 20_000, config);
    expect(start).toEqual(copy);
  });

  it('rejects bad prices (2511), state (2512), time (2510) and config (2502)', () => {
    const state = emptyCoinsState();
    expect(() => updateCoins(state, { BTC: 0 }, T0, config)).toThrow(expect.objectContaining({ code: 2511 }));
    expect(() => updateCoins(state, { ETH: Number.NaN }, T0, config)).toThrow(
      expect.objectContaining({ code: 2511 }),
    );
    expect(() => updateCoins({ quote: {} } as never, {}, T0, config)).toThrow(
      expect.objectContaining({ code: 2512 }),
    );
    expect(() => updateCoins(state, {}, -1, config)).toThrow(expect.objectContaining({ code: 2510 }));
    expect(() => updateCoins(state, {}, T0, { ...config, limit: 30 })).toThrow(
      expect.objectContaining({ code: 2502 }),
    );
  });
});

describe('rotateCoins', () => {
  it('keeps the windows of coins that stay and follows the new selection', () => {
    const start = updateCoins(emptyCoinsState(), { BTC: 100, ETH: 10, SOL: 1 }, T0, config);
    const rotated = rotateCoins(start, ['BTC', 'XRP'], T0 + 5, config);
    expect(rotated.symbols).toEqual(['BTC', 'XRP']);
    expect(rotated.rotatedAt).toBe(T0 + 5);
    expect(Object.keys(rotated.quote)).toEqual(['BTC']);
    const next = updateCoins(rotated, { BTC: 100, ETH: 10, XRP: 2 }, T0 + 6, config);
    expect(Object.keys(next.quote)).toEqual(['BTC', 'XRP']); // ETH is no longer followed
  });

  it('rejects symbols that are not whitelisted, repeated, too many or without BTC (2517)', () => {
    const state = emptyCoinsState();
    for (const symbols of [['BTC', 'DOGE'], ['BTC', 'BTC'], ['BTC', 'ETH', 'SOL', 'XRP'], ['ETH']]) {
      expect(() => rotateCoins(state, symbols, T0, config)).toThrow(expect.objectContaining({ code: 2517 }));
    }
  });
});
