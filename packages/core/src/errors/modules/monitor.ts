import type { ErrorSpec } from '../catalogue.js';

/** 7000 block, server monitor, alarms, database summary: codes 7001–7019, 7251–7269, 7501–7519, 7751–7769. */
export const MONITOR_ERRORS = {
  SERVER_SAMPLE_UNAVAILABLE: {
    code: 7001,
    message: 'The server could not be sampled; try again in a minute',
    recovery: 'retry',
  },
  SERVER_ALARMS_INVALID: {
    code: 7501,
    message: 'The server alarm thresholds are invalid',
    recovery: 'reject',
  },
} as const satisfies Record<string, ErrorSpec>;
