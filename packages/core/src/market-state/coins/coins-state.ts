import { CodedError } from '../../errors/coded-error.js';
import { assertTime, isFiniteNumber, isPositiveFinite } from '../checks.js';
import { checkConfig } from '../config-check.js';
import { type CoinsConfig, coinsConfigSchema } from './config.js';
import { BASE_SYMBOL } from './select.js';

/** A coin's window was dropped after this long without a price (docs/strategy.md#coins), in ms. */
export const COIN_STALE_MS = 10 * 60 * 1000;

/** One coin's recent prices, oldest first: one item per `interval`, the last one still moving. */
export interface CoinWindow {
  values: number[];
  /** When the last price arrived (ms); its interval is the last item's. */
  lastUpdate: number;
}

/**
 * The coins indicator's memory. `symbols` is the current selection (empty until the first
 * `rotateCoins`, when BTC and the whitelist's first `limit − 1` symbols are followed). `quote`
 * holds COIN/quote windows (BTC included), `base` COIN/BTC windows (BTC excluded).
 */
export interface CoinsState {
  symbols: string[];
  /** When the selection was last made (ms), null before the first. */
  rotatedAt: number | null;
  quote: Record<string, CoinWindow>;
  base: Record<string, CoinWindow>;
}

/** No selection and no windows yet. */
export function emptyCoinsState(): CoinsState {
  return { symbols: [], rotatedAt: null, quote: {}, base: {} };
}

function isWindow(window: unknown): window is CoinWindow {
  return (
    typeof window === 'object' &&
    window !== null &&
    Array.isArray((window as CoinWindow).values) &&
    isFiniteNumber((window as CoinWindow).lastUpdate)
  );
}

/**
 * Throws INVALID_COINS_STATE unless `state` has the CoinsState shape. The window values are
 * checked where they are used (the window state rejects any that is not a price).
 */
export function assertCoinsState(state: CoinsState): void {
  const valid =
    typeof state === 'object' &&
    state !== null &&
    Array.isArray(state.symbols) &&
    state.symbols.every((symbol) => typeof symbol === 'string') &&
    (state.rotatedAt === null || isFiniteNumber(state.rotatedAt)) &&
    typeof state.quote === 'object' &&
    state.quote !== null &&
    typeof state.base === 'object' &&
    state.base !== null &&
    Object.values(state.quote).every(isWindow) &&
    Object.values(state.base).every(isWindow);
  if (!valid) throw new CodedError('INVALID_COINS_STATE', 'expected {symbols, rotatedAt, quote, base}');
}

/** The symbols followed: the selection, or before one BTC and the whitelist's first others. */
export function followedSymbols(state: CoinsState, config: CoinsConfig): readonly string[] {
  if (state.symbols.length > 0) return state.symbols;
  const others = config.whitelist.filter((symbol) => symbol !== BASE_SYMBOL);
  return [BASE_SYMBOL, ...others.slice(0, config.limit - 1)];
}

/**
 * Adds a price to a window: it overwrites the last item while `now` is in the same interval
 * (intervals aligned on multiples of `intervalMs` since the epoch), else starts a new item and
 * drops the oldest beyond `size`. A price older than the last one is ignored.
 */
function addPrice(
  window: CoinWindow | undefined,
  value: number,
  now: number,
  intervalMs: number,
  size: number,
): CoinWindow {
  if (!window || window.values.length === 0) return { values: [value], lastUpdate: now };
  if (now < window.lastUpdate) return window;
  const length = window.values.length;
  if (Math.floor(now / intervalMs) === Math.floor(window.lastUpdate / intervalMs)) {
    const values = window.values.slice(Math.max(0, length - size));
    values[values.length - 1] = value;
    return { values, lastUpdate: now };
  }
  const values = window.values.slice(Math.max(0, length + 1 - size));
  values.push(value);
  return { values, lastUpdate: now };
}

function assertPrices(prices: Record<string, number>): void {
  if (typeof prices !== 'object' || prices === null)
    throw new CodedError('INVALID_COIN_PRICES', 'expected an object');
  for (const symbol in prices) {
    if (Object.hasOwn(prices, symbol) && !isPositiveFinite(prices[symbol])) {
      throw new CodedError('INVALID_COIN_PRICES', `${symbol}: ${String(prices[symbol])}`);
    }
  }
}

/**
 * Feeds one tick of COIN/quote prices (BTC included; other keys are ignored) into the followed
 * coins' windows: the quote family gets the price, the base family (not BTC) the price ÷ the BTC
 * price. Coins without a price this tick keep their window; windows without a price for 10 min
 * (COIN_STALE_MS) or of coins no longer followed are dropped. Returns a new state; windows that
 * did not change are shared with the old one (states are never mutated).
 */
export function updateCoins(
  state: CoinsState,
  prices: Record<string, number>,
  now: number,
  config: CoinsConfig,
): CoinsState {
  checkConfig(coinsConfigSchema, config, 'INVALID_COINS_CONFIG');
  assertCoinsState(state);
  assertPrices(prices);
  assertTime(now);
  const intervalMs = config.interval * 1000;
  const btc = Object.hasOwn(prices, BASE_SYMBOL) ? prices[BASE_SYMBOL] : undefined;
  const quote: Record<string, CoinWindow> = {};
  const base: Record<string, CoinWindow> = {};
  const fresh = (window: CoinWindow | undefined): window is CoinWindow =>
    window !== undefined && now - window.lastUpdate < COIN_STALE_MS;

  for (const symbol of followedSymbols(state, config)) {
    const price = Object.hasOwn(prices, symbol) ? prices[symbol] : undefined;
    const oldQuote = Object.hasOwn(state.quote, symbol) ? state.quote[symbol] : undefined;
    const newQuote = price === undefined ? oldQuote : addPrice(oldQuote, price, now, intervalMs, config.size);
    if (fresh(newQuote)) quote[symbol] = newQuote;
    if (symbol === BASE_SYMBOL) continue;
    const oldBase = Object.hasOwn(state.base, symbol) ? state.base[symbol] : undefined;
    const newBase =
      price === undefined || btc === undefined
        ? oldBase
        : addPrice(oldBase, price / btc, now, intervalMs, config.size);
    if (fresh(newBase)) base[symbol] = newBase;
  }
  return { symbols: state.symbols, rotatedAt: state.rotatedAt, quote, base };
}

/**
 * Makes `symbols` (from `selectTopSymbols`) the selection at `now`: windows of coins that stay are
 * kept, the others dropped. Throws INVALID_COIN_SYMBOLS unless the symbols are unique,
 * whitelisted, include BTC and number at most `limit`.
 */
export function rotateCoins(
  state: CoinsState,
  symbols: string[],
  now: number,
  config: CoinsConfig,
): CoinsState {
  checkConfig(coinsConfigSchema, config, 'INVALID_COINS_CONFIG');
  assertCoinsState(state);
  assertTime(now);
  const valid =
    Array.isArray(symbols) &&
    symbols.length <= config.limit &&
    new Set(symbols).size === symbols.length &&
    symbols.includes(BASE_SYMBOL) &&
    symbols.every((symbol) => config.whitelist.includes(symbol));
  if (!valid) throw new CodedError('INVALID_COIN_SYMBOLS', JSON.stringify(symbols));
  const keep = (windows: Record<string, CoinWindow>): Record<string, CoinWindow> => {
    const kept: Record<string, CoinWindow> = {};
    for (const symbol of symbols) if (Object.hasOwn(windows, symbol)) kept[symbol] = windows[symbol]!;
    return kept;
  };
  return { symbols: [...symbols], rotatedAt: now, quote: keep(state.quote), base: keep(state.base) };
}
