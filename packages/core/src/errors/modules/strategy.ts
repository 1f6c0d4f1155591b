import type { ErrorSpec } from '../catalogue.js';

/** 3000 block: strategy, planner, positions, transactions (reference §2). */
export const STRATEGY_ERRORS = {} as const satisfies Record<string, ErrorSpec>;
