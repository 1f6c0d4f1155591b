import type { ErrorSpec } from '../catalogue.js';

/** 8000 block: configuration and database (7000, operations, comes with the operations issue). */
export const PLATFORM_ERRORS = {
  DATABASE_UNAVAILABLE: { code: 8000, message: 'The database cannot be reached', recovery: 'retry' },
  INVALID_CONFIG: { code: 8500, message: 'The configuration is invalid', recovery: 'alert' },
  EXCHANGE_KEYS_INVALID: {
    code: 8501,
    message: 'The exchange API key or secret is not valid text',
    recovery: 'reject',
  },
  EXCHANGE_KEYS_MISSING: {
    code: 8502,
    message: 'Live trading needs exchange API keys: npm run cli -- exchange-keys set',
    recovery: 'alert',
  },
  MIGRATION_FAILED: { code: 8750, message: 'A database migration failed', recovery: 'alert' },
  DATABASE_WORKER_FAILED: {
    code: 8900,
    message: 'The embedded database stopped unexpectedly; restart the platform',
    recovery: 'alert',
  },
} as const satisfies Record<string, ErrorSpec>;
