import type { ErrorSpec } from '../catalogue.js';

/** 7000 block, server monitor, alarms, database summary: codes 7001–7019, 7251–7269, 7501–7519, 7751–7769. */
export const MONITOR_ERRORS = {} as const satisfies Record<string, ErrorSpec>;
