// `npx tsx --conditions=@balancer/source bench/tick.ts`: the cost of one market-state tick with
// live-sized inputs (128-candle window, 2,000-level book, 24 coins in two families with full
// windows, an active crash), plus the strategy decisions and plan. Prints progress lines, then as
// its last line `BENCH {"tick_ms_median": …, "tick_ms_p99": …}`. Nothing asserts on time.
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  type BookLevel,
  buildPlan,
  type CandleSeries,
  type CoinsState,
  coinsStates,
  computePosition,
  DEFAULT_LIQUIDITY_CONFIG,
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  DEFAULT_WINDOW_CONFIG,
  decideDecrease,
  decideIncrease,
  EMPTY_ACTIONS,
  EMPTY_REVERSAL_STATE,
  emptyCoinsState,
  type LiquidityState,
  liquidityState,
  type OrderBook,
  parseCoinsConfig,
  type ReversalState,
  rotateCoins,
  type Trade,
  updateCoins,
  updateReversal,
  updateWindow,
  windowState,
} from '@balancer/core';
import { seededRandom } from '@balancer/server/testing';

const WARMUP_TICKS = 1_000;
const TICKS = 5_000;
const REFETCH_MS = 3_000; // the window refetch period: one tick
const CANDLE_MS = 15 * 60_000;
const SIZE = DEFAULT_WINDOW_CONFIG.size;

const rand = seededRandom(20_240_601);

interface Candle {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Real BTC/USDT 15 m candles from market-data/ when present, else a seeded random walk. */
function loadCandles(count: number): { candles: Candle[]; source: string } {
  const file = fileURLToPath(new URL('../market-data/binance-btcusdt-15m.csv.gz', import.meta.url));
  if (existsSync(file)) {
    const lines = gunzipSync(readFileSync(file))
      .toString('utf8')
      .split('\n')
      .slice(1, count + 1);
    const candles = lines.map((line) => {
      const [, open, high, low, close] = line.split(',').map(Number);
      return { open: open!, high: high!, low: low!, close: close! };
    });
    return { candles, source: 'market-data/binance-btcusdt-15m.csv.gz (real candles)' };
  }
  const candles: Candle[] = [];
  let price = 60_000;
  for (let i = 0; i < count; i += 1) {
    const close = price * (1 + (rand() - 0.5) * 0.004);
    candles.push({
      open: price,
      high: Math.max(price, close) * 1.001,
      low: Math.min(price, close) * 0.999,
      close,
    });
    price = close;
  }
  return { candles, source: 'a deterministic random walk (market-data/ not found)' };
}

const totalTicks = WARMUP_TICKS + TICKS;
const candlesNeeded = SIZE + Math.ceil((totalTicks * REFETCH_MS) / CANDLE_MS) + 2;
const { candles, source } = loadCandles(candlesNeeded);
process.stdout.write(`window candles from ${source}\n`);

const T0 = 1_743_292_800_000; // 2025-03-30 00:00 UTC, the first candle of the data set
const series = (from: number, to: number): CandleSeries => {
  const slice = candles.slice(from, to);
  return {
    id: slice.map((_, i) => T0 + (from + i) * CANDLE_MS),
    open: slice.map((c) => c.open),
    high: slice.map((c) => c.high),
    low: slice.map((c) => c.low),
    close: slice.map((c) => c.close),
  };
};

/** The candle `index` as the exchange shows it `elapsed` ms into its 15 minutes (close drifts toward its final value). */
function liveCandle(index: number, elapsed: number): Candle {
  const candle = candles[index]!;
  const share = Math.min(1, elapsed / CANDLE_MS);
  const close = candle.open + (candle.close - candle.open) * share;
  return { open: candle.open, high: Math.max(candle.open, close), low: Math.min(candle.open, close), close };
}

/** 1,000 bids and 1,000 asks 0.5 apart around `price`, sizes 0.001–5 BTC (what a live book holds). */
function orderBook(price: number): OrderBook {
  const bids: BookLevel[] = [];
  const asks: BookLevel[] = [];
  const top = Math.floor(price * 2) / 2;
  for (let i = 0; i < 1_000; i += 1) {
    bids.push([top - 0.5 * i, 0.001 + rand() * 5]);
    asks.push([top + 0.5 * (i + 1), 0.001 + rand() * 5]);
  }
  return { bids, asks };
}

// 24 coins (BTC + 23): quote family 24 windows, base family 23.
const SYMBOLS = [
  'BTC',
  'ETH',
  'BNB',
  'SOL',
  'XRP',
  'DOGE',
  'ADA',
  'TRX',
  'AVAX',
  'LINK',
  'TON',
  'SHIB',
].concat(['DOT', 'BCH', 'NEAR', 'LTC', 'UNI', 'POL', 'ICP', 'APT', 'ETC', 'SUI', 'FIL', 'ATOM']);
const coinsConfig = parseCoinsConfig({
  whitelist: SYMBOLS,
  limit: 24,
  size: 128,
  interval: 15,
  requirement: 0.01,
  strongRequirement: 0.3,
});
const coinPrices: Record<string, number> = Object.fromEntries(SYMBOLS.map((s, i) => [s, 10 + i * 37.5]));
function stepCoinPrices(btc: number): Record<string, number> {
  for (const symbol of SYMBOLS) coinPrices[symbol] = coinPrices[symbol]! * (1 + (rand() - 0.5) * 0.002);
  coinPrices.BTC = btc;
  return { ...coinPrices };
}

// A sample open position: two buys, for the strategy decisions and the plan.
const trades: Trade[] = [buy('t1', T0, '84000', '0.00119'), buy('t2', T0 + 3_600_000, '82000', '0.00122')];
function buy(id: string, time: number, price: string, amount: string): Trade {
  const quoteAmount = (Number(price) * Number(amount)).toFixed(8);
  return { id, side: 'BUY', time, price, amount, quoteAmount, commission: '0', commissionAsset: 'OTHER' };
}
const balances = { quote: '1000', base: '0.00241' };

// Start: a full window, full coin windows (128 × 15 s of prices), no crash yet.
let window = series(0, SIZE);
let coins: CoinsState = rotateCoins(emptyCoinsState(), SYMBOLS, T0, coinsConfig);
let now = T0 + SIZE * CANDLE_MS; // just past the last candle's open
for (let i = 0; i < 130 * 5; i += 1) {
  coins = updateCoins(
    coins,
    stepCoinPrices(candles[SIZE - 1]!.close),
    candles[SIZE - 1]!.close,
    now - (130 * 5 - i) * REFETCH_MS,
    coinsConfig,
  );
}
let book = orderBook(candles[SIZE - 1]!.close);
let bookCenter = candles[SIZE - 1]!.close;
let liquidity: LiquidityState | null = null;
let reversal: ReversalState = EMPTY_REVERSAL_STATE;
let outcomes = { updated: 0, appended: 0, 'integrity-failure': 0 };
let events = 0;
let planned = 0;

const durations: number[] = [];
/** Per part of the tick, the timed ticks' durations (ms), to say what dominates. */
const PARTS = ['window', 'liquidity', 'coins', 'reversal', 'strategy'] as const;
const parts: Record<(typeof PARTS)[number], number[]> = {
  window: [],
  liquidity: [],
  coins: [],
  reversal: [],
  strategy: [],
};
const marks: number[] = [];
for (let tick = 0; tick < totalTicks; tick += 1) {
  now += REFETCH_MS;
  // Exchange side, not timed: the latest two candles as a fetch returns them, the book, the prices.
  const current = Math.floor((now - T0) / CANDLE_MS);
  const elapsed = now - (T0 + current * CANDLE_MS);
  const previous = liveCandle(current - 1, CANDLE_MS);
  const latest = liveCandle(current, elapsed);
  const fetched: CandleSeries = {
    id: [T0 + (current - 1) * CANDLE_MS, T0 + current * CANDLE_MS],
    open: [previous.open, latest.open],
    high: [previous.high, latest.high],
    low: [previous.low, latest.low],
    close: [previous.close, latest.close],
  };
  // Like a live local book: rebuilt when the price wanders off, else 50 levels change size (diffs).
  if (Math.abs(latest.close - bookCenter) > 25) {
    book = orderBook(latest.close);
    bookCenter = latest.close;
  } else {
    for (let i = 0; i < 50; i += 1) {
      const side = i % 2 === 0 ? book.bids : book.asks;
      side[Math.floor(rand() * side.length)]![1] = 0.001 + rand() * 5;
    }
  }
  const prices = stepCoinPrices(latest.close);

  const started = performance.now();
  marks.length = 0;
  const updated = updateWindow(window, fetched, SIZE);
  window = updated.window;
  const windowResult = windowState(window.close, DEFAULT_WINDOW_CONFIG);
  marks.push(performance.now());
  liquidity = liquidityState(book, latest.close, DEFAULT_LIQUIDITY_CONFIG, liquidity, now);
  marks.push(performance.now());
  coins = updateCoins(coins, prices, latest.close, now, coinsConfig);
  const families = coinsStates(coins, coinsConfig);
  marks.push(performance.now());
  // The crash is kept active (a −2 starts it, a 2 would end it) to time the heaviest path.
  const input = {
    windowState: tick === 0 ? (-2 as const) : windowResult.state === 2 ? (1 as const) : windowResult.state,
    bidDominance: liquidity.bidDominance,
    coins: families,
  };
  const reversalResult = updateReversal(reversal, input, now, DEFAULT_REVERSAL_CONFIG);
  reversal = reversalResult.state;
  marks.push(performance.now());
  // Strategy (helper C's module): the decisions and the plan for a sample position.
  const price = latest.close.toFixed(2);
  const position = computePosition(trades, price, DEFAULT_STRATEGY_CONFIG, EMPTY_ACTIONS);
  const strategy = DEFAULT_STRATEGY_CONFIG;
  const reversalEvent = reversalResult.event !== null;
  decideIncrease({ position, reversalEvent, price, balances, now, strategy });
  decideDecrease({ position, windowState: windowResult.state, price, balances, now, strategy });
  buildPlan({
    position,
    windowState: windowResult,
    strongRequirement: DEFAULT_WINDOW_CONFIG.strongRequirement,
    crashActive: reversal.active !== null,
    price,
    balances,
    now,
    strategy,
  });
  const took = performance.now() - started;

  outcomes = { ...outcomes, [updated.outcome]: outcomes[updated.outcome] + 1 };
  if (reversalEvent) events += 1;
  planned += 1;
  if (tick >= WARMUP_TICKS) {
    durations.push(took);
    let from = started;
    PARTS.forEach((part, i) => {
      const to = marks[i] ?? started + took;
      parts[part].push(to - from);
      from = to;
    });
  }
  if ((tick + 1) % 1_000 === 0) process.stdout.write(`tick ${tick + 1}/${totalTicks}\n`);
}

durations.sort((a, b) => a - b);
const at = (share: number): number =>
  durations[Math.min(durations.length - 1, Math.floor(share * durations.length))]!;
const round = (ms: number): number => Math.round(ms * 1_000) / 1_000;
process.stdout.write(
  `${durations.length} timed ticks after ${WARMUP_TICKS} warm-up; window ${JSON.stringify(outcomes)}; ` +
    `reversal events ${events}; plans ${planned}; coins quote ${Object.keys(coins.quote).length}, ` +
    `base ${Object.keys(coins.base).length}; last bid dominance ${liquidity?.bidDominance}\n`,
);
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
process.stdout.write(
  `median per part: ${PARTS.map((part) => `${part} ${round(median(parts[part]))} ms`).join(', ')}\n`,
);
process.stdout.write(`crash active at the end: ${reversal.active !== null}\n`);
process.stdout.write(
  `min ${round(durations[0]!)} ms, p90 ${round(at(0.9))} ms, max ${round(durations.at(-1)!)} ms\n`,
);
process.stdout.write(
  `BENCH ${JSON.stringify({ tick_ms_median: round(at(0.5)), tick_ms_p99: round(at(0.99)) })}\n`,
);
