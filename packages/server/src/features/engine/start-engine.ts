import {
  type AccountStateStore,
  createExchange,
  type EngineScheduler,
  type EngineSnapshot,
  LiveEngine,
  type Notifier,
} from '@balancer/engine';
import { instanceName } from '../../cluster/instance.js';
import type { Config } from '../../config/schema.js';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Logger } from '../../logging/logger.js';
import { InProcessEngineLock, PostgresEngineLock } from '../../platform/engine-lock.js';
import type { Platform } from '../../platform/platform.js';
import { PlatformClock } from '../../shared/clock.js';
import type { NotificationPort } from '../../shared/notifications.js';
import { ExchangeCredentials } from '../../trading/exchange-credentials.js';
import { DatabaseEngineStore } from '../../trading/index.js';
import type { EngineHolder } from './engine-holder.js';
import { exchangeOptions } from './exchange-options.js';

/** Runtime keys of what the adapters keep across restarts (the engine's own are in RUNTIME_KEYS). */
const SIMULATOR_WALL_START_KEY = 'simulator-wall-start';
const accountKey = (config: Config) =>
  config.EXCHANGE_MODE === 'simulator'
    ? 'exchange-account:simulator'
    : `exchange-account:${config.EXCHANGE_MODE}:${config.EXCHANGE}`;

export interface EngineDependencies {
  config: Config;
  platform: Platform;
  handle: DatabaseHandle;
  logger: Logger;
  holder: EngineHolder;
  /** Where the engine's notices go (the platform's notifications). */
  notifications: NotificationPort;
  /** Called after every tick (the realtime stream). */
  onTick: (snapshot: EngineSnapshot) => void;
  /**
   * The platform's clock (default one on the system's wall time). The simulator's replay runs from
   * its wall time; startEngine points its market time at the exchange's market clock.
   */
  clock?: PlatformClock;
  /** Timers of the engine (default real ones; API tests use MANUAL_SCHEDULER and tick by hand). */
  schedule?: EngineScheduler;
  /** Wait between placing an order and looking it up, ms (default the engine's 10 s; crash tests shorten it). */
  confirmDelayMs?: number;
  /** How long stop() waits for the order in flight, ms (default the engine's 3 s; the platform's stop budget). */
  stopGraceMs?: number;
}

export interface EngineRuntime {
  engine: LiveEngine;
  /**
   * Stops the engine (waits for the order in flight up to its grace, releases the lock) and closes
   * the exchange.
   */
  stop(): Promise<void>;
}

/**
 * Builds and starts the trading engine on the open database: the exchange from the configuration
 * (the simulator by default), the database store, the one-engine-per-database lock and the
 * notifications. Start-up reconciles every PROCESSING transaction before the first decision.
 */
export async function startEngine(deps: EngineDependencies): Promise<EngineRuntime> {
  const { config, platform, handle, logger } = deps;
  const clock = deps.clock ?? new PlatformClock();
  const now = clock.wallNow;
  const store = new DatabaseEngineStore(platform, { base: 'BTC', quote: config.QUOTE_ASSET }, now);
  const accountStore: AccountStateStore = {
    load: () => store.loadRuntime(accountKey(config)),
    save: (state) => store.saveRuntime(accountKey(config), state),
  };
  let wallStart = await store.loadRuntime<number>(SIMULATOR_WALL_START_KEY);
  if (config.EXCHANGE_MODE === 'simulator' && typeof wallStart !== 'number') {
    wallStart = now();
    await store.saveRuntime(SIMULATOR_WALL_START_KEY, wallStart);
  }
  const keys =
    config.EXCHANGE_MODE === 'live'
      ? await new ExchangeCredentials(() => handle.db, config.ENCRYPTION_KEY).get(config.EXCHANGE)
      : null;
  const exchange = await createExchange({
    ...exchangeOptions(config, keys, typeof wallStart === 'number' ? wallStart : now()),
    accountStore,
    now,
  });
  // The simulator runs on its replay's market clock, so trades, crashes and waits share the
  // candles' time; real markets (paper, live) on the wall clock.
  clock.runMarketOn(exchange.marketClock ?? null);
  const lock =
    handle.kind === 'postgresql' && config.DATABASE_URL
      ? new PostgresEngineLock(
          config.DATABASE_URL,
          (error) => logger.error({ err: error }, 'engine lock lost: this instance stops trading'),
          now,
        )
      : new InProcessEngineLock(handle.location);
  const notifier: Notifier = {
    notify: async (notification) => {
      // Operator events belong in the log too (they never carry secrets).
      logger.info({ sender: notification.sender }, `${notification.title}: ${notification.description}`);
      try {
        await deps.notifications.add(notification, now());
      } catch (error) {
        logger.warn({ err: error, title: notification.title }, 'notification not stored');
      }
    },
  };
  const engine = new LiveEngine({
    exchange,
    store,
    notifier,
    lock,
    clock: clock.marketNow,
    wallClock: clock.wallNow,
    logger,
    instance: instanceName(config),
    ...(deps.schedule ? { schedule: deps.schedule } : {}),
    ...(deps.confirmDelayMs === undefined ? {} : { confirmDelayMs: deps.confirmDelayMs }),
    ...(deps.stopGraceMs === undefined ? {} : { stopGraceMs: deps.stopGraceMs }),
  });
  engine.onTick(deps.onTick);
  const label = exchange.simulated ? 'SIMULATED — no real order is ever placed' : 'LIVE — real orders';
  logger.info(
    { exchange: exchange.name, simulated: exchange.simulated, mode: config.EXCHANGE_MODE },
    `exchange: ${label}`,
  );
  const started = engine.start();
  deps.holder.set(engine, started);
  await started;
  logger.info(
    { engine: engine.mode },
    engine.mode === 'standby'
      ? 'engine on standby: another instance trades on this database'
      : 'engine started',
  );
  return {
    engine,
    stop: async () => {
      await engine.stop();
      await exchange.close();
    },
  };
}
