import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALTCOINS } from './altcoins.js';
import { SimulatedMarket } from './market.js';
import { fileRowOf } from './replay.js';
import { binanceTable, errorNameOf, M15, T0, tinyTable } from './test-table.js';

const WALL = 1_700_000_000_000;
/** Wall ms per 15 m candle at speed 60: 900,000 / 60 = 15,000. */
const CANDLE_WALL = 15_000;

describe('SimulatedMarket on the real Binance file', () => {
  const table = binanceTable();
  const start = 1000;
  const market = new SimulatedMarket(table, { wallStart: WALL, startTime: table.time[start], seed: 3 });

  it('returns completed candles exactly as in the file', () => {
    // 10 candles after the start (10 · 15 s) plus a third of the eleventh.
    const now = WALL + 10 * CANDLE_WALL + 5_000;
    const candles = market.candles('15m', 20, now);
    expect(candles).toHaveLength(20);
    for (let k = 0; k < 19; k++) {
      const row = start + 10 - 19 + k;
      expect(candles[k]).toEqual({
        openTime: table.time[row],
        open: String(table.open[row]),
        high: String(table.high[row]),
        low: String(table.low[row]),
        close: String(table.close[row]),
        volume: String(table.volume[row]),
      });
    }
    expect(candles[19]!.openTime).toBe(table.time[start + 10]);
  });

  it('hits each candle open, low/high and close at the documented instants', () => {
    for (let k = 0; k < 50; k++) {
      const row = start + k;
      const green = table.close[row]! >= table.open[row]!;
      const [first, second] = green ? [table.low[row], table.high[row]] : [table.high[row], table.low[row]];
      const at = (wall: number) => Number(market.price(WALL + k * CANDLE_WALL + wall));
      // 1/3 and 2/3 of 15 s are 5 s and 10 s.
      expect([at(0), at(5_000), at(10_000)]).toEqual([table.open[row], first, second]);
      // The close is reached as the candle ends; 1 ms before, the price is within a cent of it.
      expect(
        Math.abs(market.priceNumber(WALL + (k + 1) * CANDLE_WALL - 0.001) - table.close[row]!),
      ).toBeLessThan(0.01);
    }
  });

  it('is deterministic: a second market with the same inputs says the same', () => {
    const twin = new SimulatedMarket(table, { wallStart: WALL, startTime: table.time[start], seed: 3 });
    const now = WALL + 123_456;
    expect(twin.orderBook(2000, now)).toEqual(market.orderBook(2000, now));
    expect(twin.candles('15m', 5, now)).toEqual(market.candles('15m', 5, now));
    const bases = ALTCOINS.map((coin) => coin.base);
    expect(twin.tickers(bases, now)).toEqual(market.tickers(bases, now));
  });

  it('gives 24 positive synthetic tickers in the order asked', () => {
    const bases = ALTCOINS.map((coin) => coin.base).reverse();
    const tickers = market.tickers(bases, WALL + 40_000);
    expect(tickers.map((ticker) => ticker.base)).toEqual(bases);
    expect(bases).toHaveLength(24);
    for (const ticker of tickers) {
      expect(Number(ticker.last)).toBeGreaterThan(0);
      expect(Number(ticker.quoteVolume)).toBeGreaterThan(0);
    }
  });

  it('keeps the book around the current price', () => {
    const now = WALL + 77_777;
    const book = market.orderBook(2000, now);
    const price = Number(market.price(now));
    expect(book.bids).toHaveLength(2000);
    expect(Number(book.bids[0]![0])).toBeLessThan(price);
    expect(Number(book.asks[0]![0])).toBeGreaterThan(price);
  });
});

describe('SimulatedMarket bad inputs', () => {
  const market = new SimulatedMarket(tinyTable(), { wallStart: 0 });

  it('refuses bad intervals, limits and coins', async () => {
    expect(await errorNameOf(() => market.candles('1h', 5, 0))).toBe('EXCHANGE_REQUEST_INVALID');
    expect(await errorNameOf(() => market.candles('15m', 0, 0))).toBe('EXCHANGE_REQUEST_INVALID');
    expect(await errorNameOf(() => market.orderBook(2001, 0))).toBe('EXCHANGE_REQUEST_INVALID');
    expect(await errorNameOf(() => market.tickers(['no-pe'], 0))).toBe('EXCHANGE_REQUEST_INVALID');
  });

  it('leaves out well-formed coins it does not simulate, and quotes BTC at its replayed price', () => {
    const tickers = market.tickers(['NOPE', 'BTC', 'ETH'], 0);
    expect(tickers.map((ticker) => ticker.base)).toEqual(['BTC', 'ETH']);
    expect(tickers[0]!.last).toBe(market.price(0));
  });

  it('refuses bad configs and too little data', async () => {
    const table = tinyTable();
    expect(await errorNameOf(() => new SimulatedMarket(table, { wallStart: 0, speed: -1 }))).toBe(
      'EXCHANGE_SIMULATOR_CONFIG_INVALID',
    );
    expect(await errorNameOf(() => new SimulatedMarket(table, { wallStart: 0, startTime: T0 + 1 }))).toBe(
      'EXCHANGE_SIMULATOR_CONFIG_INVALID',
    );
    expect(await errorNameOf(() => new SimulatedMarket(table, {}))).toBe('EXCHANGE_SIMULATOR_CONFIG_INVALID');
    const one = { ...table, length: 1 };
    expect(await errorNameOf(() => new SimulatedMarket(one, { wallStart: 0 }))).toBe(
      'EXCHANGE_MARKET_DATA_MISSING',
    );
  });

  it('shows only the candles that exist before the start', () => {
    // Start at the first candle, 1.5 candles in (speed 60: 22.5 s): one completed, one forming.
    const candles = market.candles('15m', 10, 22_500);
    expect(candles.map((candle) => candle.openTime)).toEqual([T0, T0 + M15]);
    // Red candle 105/108/90/92 at f = 0.5: high 108 reached at 1/3, then halfway from 1/3 to 2/3:
    // 108 + (90 − 108) · 0.5 = 99, the lowest so far; volume 1 · 0.5 = 0.5.
    expect(candles[1]).toMatchObject({ open: '105', high: '108', low: '99', close: '99', volume: '0.5' });
  });
});

describe('SimulatedMarket properties', () => {
  const table = binanceTable();
  const market = new SimulatedMarket(table, { wallStart: 0, startTime: table.time[500], speed: 600 });

  it('keeps the forming candle inside its file candle and the book around the price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), (now) => {
        const { index } = market.position(now);
        const row = fileRowOf(table.length, index).row;
        const [forming] = market.candles('15m', 1, now);
        const price = Number(market.price(now));
        expect(price).toBeGreaterThanOrEqual(table.low[row]!);
        expect(price).toBeLessThanOrEqual(table.high[row]!);
        expect(Number(forming!.close)).toBe(price);
        const { bid, ask } = market.touch(now);
        expect(Number(bid)).toBeLessThan(price);
        expect(Number(ask)).toBeGreaterThan(price);
      }),
      { numRuns: 200 },
    );
  });
});
