import { CodedError } from '../../errors/coded-error.js';
import { assertTime } from '../checks.js';
import type { MarketStateValue } from '../types.js';
import { COIN_SYMBOL } from './config.js';

/** The coin selection is rotated at most every 3 days (docs/strategy.md#coins), in ms. */
export const COINS_ROTATION_MS = 3 * 24 * 60 * 60 * 1000;

/** The coin every base-family price is divided by; always selected. */
export const BASE_SYMBOL = 'BTC';

function assertWhitelist(whitelist: readonly string[]): void {
  if (
    !Array.isArray(whitelist) ||
    !whitelist.includes(BASE_SYMBOL) ||
    !whitelist.every((symbol) => typeof symbol === 'string' && COIN_SYMBOL.test(symbol))
  ) {
    throw new CodedError(
      'INVALID_COINS_CONFIG',
      'whitelist: must be symbols (^[A-Z0-9]{1,20}$) including BTC',
    );
  }
}

function assertLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > 24) {
    throw new CodedError('INVALID_COINS_CONFIG', `limit: ${String(limit)} is not an integer from 1 to 24`);
  }
}

/**
 * The coins to follow: BTC (the base family's divisor) and the `limit − 1` other whitelisted
 * symbols with the largest 24 h quote volume, BTC first, then by volume descending, ties in
 * whitelist order. Symbols without a volume > 0 are not traded on the exchange and never picked.
 * Throws INVALID_COIN_VOLUMES for a volume that is not a finite number ≥ 0, INVALID_COINS_CONFIG
 * for a bad whitelist or limit.
 */
export function selectTopSymbols(
  volumes: Record<string, number>,
  whitelist: readonly string[],
  limit: number,
): string[] {
  if (typeof volumes !== 'object' || volumes === null)
    throw new CodedError('INVALID_COIN_VOLUMES', 'expected an object');
  for (const [symbol, volume] of Object.entries(volumes)) {
    if (!(typeof volume === 'number' && volume >= 0 && volume < Number.POSITIVE_INFINITY)) {
      throw new CodedError('INVALID_COIN_VOLUMES', `${symbol}: ${String(volume)}`);
    }
  }
  assertWhitelist(whitelist);
  assertLimit(limit);
  const ranked = [...new Set(whitelist)]
    .map((symbol, rank) => ({ symbol, rank, volume: Object.hasOwn(volumes, symbol) ? volumes[symbol]! : 0 }))
    .filter((entry) => entry.symbol !== BASE_SYMBOL && entry.volume > 0)
    .sort((a, b) => b.volume - a.volume || a.rank - b.rank);
  return [BASE_SYMBOL, ...ranked.slice(0, limit - 1).map((entry) => entry.symbol)];
}

/**
 * Whether to pick the coins again (docs/strategy.md#coins): never picked yet (`lastRotation` null), or 3
 * days or more since the last pick while the window state is ≥ 0 and no crash is active.
 */
export function shouldRotateSymbols(
  lastRotation: number | null,
  now: number,
  windowState: MarketStateValue,
  crashActive: boolean,
): boolean {
  assertTime(now);
  if (lastRotation !== null) assertTime(lastRotation, 'lastRotation');
  if (![-2, -1, 0, 1, 2].includes(windowState) || typeof crashActive !== 'boolean') {
    throw new CodedError(
      'INVALID_COINS_STATE',
      `window state ${String(windowState)}, crash ${String(crashActive)}`,
    );
  }
  if (lastRotation === null) return true;
  return now - lastRotation >= COINS_ROTATION_MS && windowState >= 0 && !crashActive;
}
