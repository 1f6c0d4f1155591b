import type { ErrorSpec } from '../catalogue.js';

/** 2000 block: market state (window, liquidity, coins, reversal; reference §1). */
export const MARKET_STATE_ERRORS = {} as const satisfies Record<string, ErrorSpec>;
