import { checkConfig } from '../config-check.js';
import { meanState } from '../state-mapping.js';
import type { MarketStateValue, WindowState } from '../types.js';
import { neutralWindowState, windowState } from '../window/window-state.js';
import { assertCoinsState, type CoinsState, type CoinWindow } from './coins-state.js';
import { type CoinsConfig, coinsConfigSchema } from './config.js';

/** One family's state and the window state of each of its coins. */
export interface CoinsFamilyState {
  state: MarketStateValue;
  statesBySymbol: Record<string, WindowState>;
}

function familyState(windows: Record<string, CoinWindow>, config: CoinsConfig): CoinsFamilyState {
  const statesBySymbol: Record<string, WindowState> = {};
  let sum = 0;
  let count = 0;
  for (const symbol in windows) {
    if (!Object.hasOwn(windows, symbol)) continue;
    const { values } = windows[symbol]!;
    // Only a full window has a state (docs/strategy.md#coins); until then the coin counts as sideways.
    const state =
      values.length < config.size
        ? neutralWindowState()
        : windowState(values.length === config.size ? values : values.slice(-config.size), config);
    statesBySymbol[symbol] = state;
    sum += state.state;
    count += 1;
  }
  return { state: count === 0 ? 0 : meanState(sum / count), statesBySymbol };
}

/**
 * The quote and base families' states (docs/strategy.md#coins): each coin's window state (0 with all
 * splits 0 until its window holds `size` items), and per family the state of the mean of its
 * coins' states (0 for a family without coins). Throws INVALID_COINS_CONFIG, INVALID_COINS_STATE,
 * or INVALID_WINDOW_VALUES when a window holds something that is not a price.
 */
export function coinsStates(
  state: CoinsState,
  config: CoinsConfig,
): { quote: CoinsFamilyState; base: CoinsFamilyState } {
  checkConfig(coinsConfigSchema, config, 'INVALID_COINS_CONFIG');
  assertCoinsState(state);
  return { quote: familyState(state.quote, config), base: familyState(state.base, config) };
}
