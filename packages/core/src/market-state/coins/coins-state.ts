import { CodedError } from '../../errors/coded-error.js';
import { roundDecimal, toDecimal } from '../../numbers/decimal.js';
import { assertTime, isFiniteNumber, isPositiveFinite } from '../checks.js';
import { checkConfig } from '../config-check.js';
import { type CoinsConfig, coinsConfigSchema } from './config.js';
import { BASE_SYMBOL } from './select.js';

/** A coin's window was dropped after this long without a price (docs/strategy.md#coins), in ms. */
export const COIN_STALE_MS = 10 * 60 * 1000;

/**
 * One coin's recent prices, oldest first. An item starts at the first price after the previous
 * item's interval ran out and lasts one `interval` from there; later prices inside it overwrite it.
 */
export interface CoinWindow {
  values: number[];
  /** When the last price arrived (ms). */
  lastUpdate: number;
  /** When the last item started (ms). States saved before it existed start at `lastUpdate`. */
  itemStart: number;
}

/** Decimal places of a COIN/BTC value: enough for coins worth less than a satoshi. */
export const BASE_VALUE_DECIMALS = 16;

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
    isFiniteNumber((window as CoinWindow).lastUpdate) &&
    ((window as CoinWindow).itemStart === undefined || isFiniteNumber((window as CoinWindow).itemStart))
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
 * Adds a price to a window: it overwrites the last item while `now` is within one interval of the
 * item's start (`now < itemStart + intervalMs`), else starts a new item at `now` and drops the
 * oldest beyond `size`. A price older than the last one is ignored.
 */
function addPrice(
  window: CoinWindow | undefined,
  value: number,
  now: number,
  intervalMs: number,
  size: number,
): CoinWindow {
  if (!window || window.values.length === 0) return { values: [value], lastUpdate: now, itemStart: now };
  if (now < window.lastUpdate) return window;
  const length = window.values.length;
  const itemStart = window.itemStart ?? window.lastUpdate;
  if (now < itemStart + intervalMs) {
    const values = window.values.slice(Math.max(0, length - size));
    values[values.length - 1] = value;
    return { values, lastUpdate: now, itemStart };
  }
  const values = window.values.slice(Math.max(0, length + 1 - size));
  values.push(value);
  return { values, lastUpdate: now, itemStart: now };
}

/** COIN/BTC: the coin's quote price ÷ the BTC window's close, rounded to 16 dp half up. */
function basePrice(price: number, btcClose: number): number {
  return roundDecimal(toDecimal(price).dividedBy(btcClose), BASE_VALUE_DECIMALS).toNumber();
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
 * coins' windows: the quote family gets the price, the base family (not BTC) the price ÷
 * `btcClose`, the BTC window's last close (16 dp; null while there is none: the base family
 * waits). Coins without a price this tick keep their window; windows without a price for 10 min
 * (COIN_STALE_MS) or of coins no longer followed are dropped. Returns a new state; windows that
 * did not change are shared with the old one (states are never mutated).
 */
export function updateCoins(
  state: CoinsState,
  prices: Record<string, number>,
  btcClose: number | null,
  now: number,
  config: CoinsConfig,
): CoinsState {
  checkConfig(coinsConfigSchema, config, 'INVALID_COINS_CONFIG');
  assertCoinsState(state);
  assertPrices(prices);
  if (btcClose !== null && !isPositiveFinite(btcClose)) {
    throw new CodedError('INVALID_COIN_PRICES', `BTC close: ${String(btcClose)}`);
  }
  assertTime(now);
  const intervalMs = config.interval * 1000;
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
      price === undefined || btcClose === null
        ? oldBase
        : addPrice(oldBase, basePrice(price, btcClose), now, intervalMs, config.size);
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
