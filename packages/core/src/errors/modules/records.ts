import type { ErrorSpec } from '../catalogue.js';

/** 6600–6649: the operator's records (exports, profit by period, list filters). */
export const RECORDS_ERRORS = {
  RECORDS_DATE_INVALID: {
    code: 6600,
    message: 'The date must be an ISO date in UTC: 2026-01-31 or 2026-01-31T12:00:00Z',
    recovery: 'reject',
  },
  RECORDS_RANGE_REVERSED: {
    code: 6601,
    message: '"from" must not be after "to"',
    recovery: 'reject',
  },
  RECORDS_RANGE_TOO_LONG: {
    code: 6602,
    message: 'The range must not exceed 10 years',
    recovery: 'reject',
  },
  RECORDS_PERIOD_UNKNOWN: {
    code: 6603,
    message: 'The period must be day, week, month or year',
    recovery: 'reject',
  },
} as const satisfies Record<string, ErrorSpec>;
