import { CodedError } from '@balancer/core';
import type { ExchangePort } from '../ports/exchange.js';
import { DEFAULT_CONFIRM_DELAY_MS } from './orders/runner.js';
import type { EngineLock, EngineLogger, EngineStore, Notifier } from './ports.js';
import { type EngineScheduler, REAL_SCHEDULER } from './schedule.js';
import { DEFAULT_TRADE_SYNC_MS } from './trades/trade-sync.js';

export interface LiveEngineOptions {
  exchange: ExchangePort;
  store: EngineStore;
  notifier: Notifier;
  /** One trading engine per database; without it the engine stays on standby. */
  lock: EngineLock;
  /** Market time, epoch ms: the simulator's replay clock, else wall time; tests pass a virtual clock. */
  clock: () => number;
  /**
   * Wall time, epoch ms (default `clock`): paces what follows real time whatever the market clock
   * does (runtime saves, notification throttles), so a replay at 60× writes no more than live.
   */
  wallClock?: () => number;
  /** Wait between placing an order and looking it up, ms (default 10,000). */
  confirmDelayMs?: number;
  /**
   * How long `stop()` waits for the tick and the order in flight, ms (default 3,000); then the
   * order is left PROCESSING for start-up reconciliation (docs/engine.md, "Stopping").
   */
  stopGraceMs?: number;
  /** Account trades are pulled at least this often, ms (default 60,000). */
  tradeSyncMs?: number;
  /** Timers (default real ones); tests pass a virtual scheduler. */
  schedule?: EngineScheduler;
  /** Faults of the engine's own (a throwing tick listener); default: standard error. */
  logger?: EngineLogger;
  /** This instance's name, in the takeover notification (default 'this instance'). */
  instance?: string;
}

/** The default logger: one line on standard error, so that a fault is never silent. */
const STDERR_LOGGER: EngineLogger = {
  error: ({ err }, message) => {
    process.stderr.write(`${message}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  },
};

/** Default of `stopGraceMs`: within the platform's 4 s stop budget (platform/start.ts in the server). */
export const DEFAULT_STOP_GRACE_MS = 3_000;

/**
 * How often, ms on the engine's scheduler (wall time), an engine on standby tries the lock again
 * and a trading one checks that it still holds it, whatever the tick interval (docs/failover.md).
 */
export const LOCK_RETRY_MS = 1_000;

function readMs(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new CodedError('ENGINE_INVALID_OPTIONS', `${field}: ${value}`);
  return value;
}

/** The options with their defaults, checked (ENGINE_INVALID_OPTIONS). */
export function readOptions(options: LiveEngineOptions): Required<LiveEngineOptions> {
  for (const key of ['exchange', 'store', 'notifier', 'lock'] as const) {
    if (typeof options[key] !== 'object' || options[key] === null)
      throw new CodedError('ENGINE_INVALID_OPTIONS', `${key} is missing`);
  }
  if (typeof options.clock !== 'function') throw new CodedError('ENGINE_INVALID_OPTIONS', 'clock is missing');
  if (options.wallClock !== undefined && typeof options.wallClock !== 'function')
    throw new CodedError('ENGINE_INVALID_OPTIONS', 'wallClock is not a function');
  return {
    ...options,
    confirmDelayMs: readMs(options.confirmDelayMs, DEFAULT_CONFIRM_DELAY_MS, 'confirmDelayMs'),
    tradeSyncMs: readMs(options.tradeSyncMs, DEFAULT_TRADE_SYNC_MS, 'tradeSyncMs'),
    stopGraceMs: readMs(options.stopGraceMs, DEFAULT_STOP_GRACE_MS, 'stopGraceMs'),
    schedule: options.schedule ?? REAL_SCHEDULER,
    logger: options.logger ?? STDERR_LOGGER,
    wallClock: options.wallClock ?? options.clock,
    instance: options.instance ?? 'this instance',
  };
}
