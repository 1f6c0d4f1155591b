import type { ErrorSpec } from '../catalogue.js';

/** 8000 block: configuration and database (7000, operations, comes with the operations issue). */
export const PLATFORM_ERRORS = {
  DATABASE_UNAVAILABLE: { code: 8000, message: 'The database cannot be reached', recovery: 'retry' },
  ENGINE_LOCK_LOST: {
    code: 8020,
    message:
      'This instance lost the engine lock (its database connection dropped or went silent): it stopped trading, and another instance may take over',
    recovery: 'retry',
  },
  CLUSTER_SECRETS_DIFFER: {
    code: 8021,
    message: 'This instance has other platform secrets than the instances running on this database',
    recovery: 'alert',
  },
  CLUSTER_INSTANCE_NAME_SHARED: {
    code: 8022,
    message:
      'Another running instance uses this INSTANCE_NAME: give each instance its own, or the instance list and takeover notices mix the two up',
    recovery: 'alert',
  },
  ENGINE_COMMAND_NO_ANSWER: {
    code: 8040,
    message:
      'The trading instance took the order but did not answer in time: the order is not sent again; if it was placed, it finishes there or is reconciled by its client order id. Check the transactions before ordering again',
    recovery: 'alert',
  },
  ENGINE_COMMAND_NOT_ACCEPTED: {
    code: 8041,
    message:
      'No trading instance took the order in time (a takeover may be under way, or no instance trades): nothing was placed; try again in a few seconds',
    recovery: 'retry',
  },
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
