import type { ErrorSpec } from '../catalogue.js';

/** 5000 block: exchanges and the backtester's simulated exchange (5900–5999: backtest runs). */
export const BACKTEST_ERRORS = {} as const satisfies Record<string, ErrorSpec>;
