import { describe, expect, it } from 'vitest';
import { type CoinsState, emptyCoinsState, updateCoins } from './coins-state.js';
import { coinsStates } from './coins-states.js';
import { parseCoinsConfig } from './config.js';

const config = parseCoinsConfig({
  whitelist: ['BTC', 'ETH', 'SOL'],
  limit: 3,
  size: 128,
  interval: 15,
  requirement: 0.01,
  strongRequirement: 0.3,
});
const T0 = 1_700_000_010_000;

/** Feeds `items` intervals of prices from `price(symbol, i)`. */
function feed(items: number, price: (symbol: string, i: number) => number): CoinsState {
  let state = emptyCoinsState();
  for (let i = 0; i < items; i += 1) {
    const prices = { BTC: price('BTC', i), ETH: price('ETH', i), SOL: price('SOL', i) };
    state = updateCoins(state, prices, prices.BTC, T0 + i * 15_000, config);
  }
  return state;
}

describe('coinsStates', () => {
  it('gives 0 with every split at 0 until a window is full', () => {
    const states = coinsStates(
      feed(127, (_, i) => 100 + i),
      config,
    );
    expect(states.quote.state).toBe(0);
    expect(states.quote.statesBySymbol.BTC?.state).toBe(0);
    expect(states.quote.statesBySymbol.BTC?.splitStates.s2).toEqual({ state: 0, change: 0 });
  });

  it('states each full window and maps the mean per family', () => {
    // Quote: every coin rises 1 per item from 100 → all splits ≥ 0.3 % → state 2 each.
    // Base: ETH and SOL follow BTC exactly → ratio 1 throughout → state 0.
    const states = coinsStates(
      feed(128, (_, i) => 100 + i),
      config,
    );
    expect(states.quote.state).toBe(2);
    expect(Object.keys(states.quote.statesBySymbol)).toEqual(['BTC', 'ETH', 'SOL']);
    expect(states.quote.statesBySymbol.ETH?.splitStates.s100.change).toBe(127); // (227 − 100)/100 × 100
    expect(states.base.state).toBe(0);
    expect(Object.keys(states.base.statesBySymbol)).toEqual(['ETH', 'SOL']);
  });

  it('averages the coins of a family', () => {
    // BTC rises (2), ETH falls 1 per item from 1,000 (−2), SOL flat (0): mean 0 → 0.
    const states = coinsStates(
      feed(128, (symbol, i) => (symbol === 'BTC' ? 100 + i : symbol === 'ETH' ? 1_000 - i : 5)),
      config,
    );
    expect(states.quote.statesBySymbol.ETH?.state).toBe(-2);
    expect(states.quote.statesBySymbol.SOL?.state).toBe(0);
    expect(states.quote.state).toBe(0);
    // Base: ETH/BTC and SOL/BTC both fall → −2 each → −2.
    expect(states.base.state).toBe(-2);
  });

  it('gives an empty family state 0', () => {
    expect(coinsStates(emptyCoinsState(), config)).toEqual({
      quote: { state: 0, statesBySymbol: {} },
      base: { state: 0, statesBySymbol: {} },
    });
  });

  it('round-trips the state and the result through JSON unchanged', () => {
    const state = feed(130, (symbol, i) => (symbol === 'SOL' ? 20 - (i % 7) : 100 + (i % 5)));
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    const states = coinsStates(state, config);
    expect(JSON.parse(JSON.stringify(states))).toEqual(states);
  });

  it('rejects a window holding a non-price (2504)', () => {
    const state = feed(128, () => 100);
    const broken = {
      ...state,
      quote: {
        ...state.quote,
        BTC: { values: [...state.quote.BTC!.values.slice(1), -1], lastUpdate: 0, itemStart: 0 },
      },
    };
    expect(() => coinsStates(broken, config)).toThrow(expect.objectContaining({ code: 2504 }));
  });
});
