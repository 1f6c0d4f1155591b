import type { ErrorSpec } from '../catalogue.js';

/** 7000 block: operations (API error log, notifications, OpenAPI; later monitor, updates, backups). */
export const OPERATIONS_ERRORS = {
  NOTIFICATION_INVALID: {
    code: 7500,
    message: 'The notification is invalid',
    recovery: 'reject',
  },
} as const satisfies Record<string, ErrorSpec>;
