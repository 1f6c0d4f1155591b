import type { ErrorSpec } from '../catalogue.js';

/** 7000 block: operations (API error log, notifications, OpenAPI; later monitor, updates, backups). */
export const OPERATIONS_ERRORS = {
  NOTIFICATION_INVALID: {
    code: 7500,
    message: 'The notification is invalid',
    recovery: 'reject',
  },
  NOTIFICATION_NOT_STORED: {
    code: 7750,
    message: 'The notification could not be stored',
    recovery: 'retry',
  },
} as const satisfies Record<string, ErrorSpec>;
