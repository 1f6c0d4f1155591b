import { describe, expect, it } from 'vitest';
import { COIN_SYMBOL } from './config.js';
import { COINS_ROTATION_MS, selectTopSymbols, shouldRotateSymbols } from './select.js';
import { DEFAULT_COINS_WHITELIST } from './whitelist.js';

describe('selectTopSymbols', () => {
  const whitelist = ['BTC', 'ETH', 'SOL', 'XRP', 'ADA'];

  it('takes BTC and the others with the largest volume, ties in whitelist order', () => {
    const volumes = { BTC: 1, ETH: 50, SOL: 70, XRP: 50, ADA: 10, DOGE: 999 }; // DOGE is not whitelisted
    expect(selectTopSymbols(volumes, whitelist, 3)).toEqual(['BTC', 'SOL', 'ETH']); // ETH ties XRP, comes first
    expect(selectTopSymbols(volumes, whitelist, 24)).toEqual(['BTC', 'SOL', 'ETH', 'XRP', 'ADA']);
    expect(selectTopSymbols(volumes, whitelist, 1)).toEqual(['BTC']);
  });

  it('skips coins without volume on the exchange but always keeps BTC', () => {
    expect(selectTopSymbols({ ETH: 5, SOL: 0 }, whitelist, 24)).toEqual(['BTC', 'ETH']);
  });

  it('rejects bad volumes (2513) and a bad whitelist or limit (2502)', () => {
    expect(() => selectTopSymbols({ ETH: -1 }, whitelist, 3)).toThrow(
      expect.objectContaining({ code: 2513 }),
    );
    expect(() => selectTopSymbols({ ETH: Number.NaN }, whitelist, 3)).toThrow(
      expect.objectContaining({ code: 2513 }),
    );
    expect(() => selectTopSymbols({}, ['ETH'], 3)).toThrow(expect.objectContaining({ code: 2502 }));
    expect(() => selectTopSymbols({}, ['BTC', 'eth'], 3)).toThrow(expect.objectContaining({ code: 2502 }));
    expect(() => selectTopSymbols({}, whitelist, 0)).toThrow(expect.objectContaining({ code: 2502 }));
    expect(() => selectTopSymbols({}, whitelist, 25)).toThrow(expect.objectContaining({ code: 2502 }));
  });
});

describe('shouldRotateSymbols', () => {
  const last = 1_000_000;
  it('picks at once when never picked', () => {
    expect(shouldRotateSymbols(null, 0, -2, true)).toBe(true);
  });

  it('rotates after 3 days while the window state is ≥ 0 and no crash is active', () => {
    expect(shouldRotateSymbols(last, last + COINS_ROTATION_MS, 0, false)).toBe(true);
    expect(shouldRotateSymbols(last, last + COINS_ROTATION_MS - 1, 2, false)).toBe(false); // 1 ms early
    expect(shouldRotateSymbols(last, last + COINS_ROTATION_MS, -1, false)).toBe(false);
    expect(shouldRotateSymbols(last, last + COINS_ROTATION_MS, 1, true)).toBe(false);
    expect(COINS_ROTATION_MS).toBe(259_200_000); // 3 × 24 × 60 × 60 × 1000
  });

  it('rejects a bad time or state', () => {
    expect(() => shouldRotateSymbols(last, Number.NaN, 0, false)).toThrow(
      expect.objectContaining({ code: 2510 }),
    );
    expect(() => shouldRotateSymbols(last, last, 3 as never, false)).toThrow(
      expect.objectContaining({ code: 2512 }),
    );
  });
});

describe('DEFAULT_COINS_WHITELIST', () => {
  it('holds 50–200 unique valid symbols, BTC first', () => {
    expect(DEFAULT_COINS_WHITELIST.length).toBeGreaterThanOrEqual(50);
    expect(DEFAULT_COINS_WHITELIST.length).toBeLessThanOrEqual(200);
    expect(DEFAULT_COINS_WHITELIST[0]).toBe('BTC');
    expect(new Set(DEFAULT_COINS_WHITELIST).size).toBe(DEFAULT_COINS_WHITELIST.length);
    for (const symbol of DEFAULT_COINS_WHITELIST) expect(symbol).toMatch(COIN_SYMBOL);
  });
});
