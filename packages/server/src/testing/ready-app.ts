import { MANUAL_SCHEDULER } from '@balancer/engine';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe } from 'vitest';
import { type Config, SECRET_KEYS } from '../config/schema.js';
import { type DatabaseHandle, openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/types.js';
import { type EngineRuntime, startEngine } from '../features/engine/start-engine.js';
import { composeServices, type Services } from '../platform/compose.js';
import { Platform } from '../platform/platform.js';
import { PlatformClock, systemTime } from '../shared/clock.js';
import type { ClusterBus } from '../shared/cluster-bus.js';
import { capturingLogger } from './capturing-logger.js';
import { buildAppFor, TEST_CONFIG } from './test-app.js';
import { databaseKinds, type TestDatabase } from './test-databases.js';

/** A clock the test moves by hand (epoch ms), starting at the real time. */
export interface TestClock {
  now(): number;
  advance(ms: number): number;
}

export function testClock(start = Date.now()): TestClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
      return current;
    },
  };
}

/** The real app on a migrated database, ready as after start-up (root created). */
export interface ReadyApp {
  app: FastifyInstance;
  services: Services;
  platform: Platform;
  db: Kysely<Database>;
  kind: TestDatabase['kind'];
  config: Config;
  /**
   * The accounts feature's clock (frozen unless moved): move it to reach new OTP time steps. The
   * other services run on the platform clock, `services.clock` (the real wall time, or `engineNow`).
   */
  clock: TestClock;
  /** What went to the operator's terminal (the root announcement). */
  printed: string[];
  /** Every log line, JSON, with the secrets of the config masked as in production. */
  logLines: string[];
  /** The trading engine on the simulator (undefined with `engine: false`); it ticks only by tick(). */
  engine: EngineRuntime | undefined;
  /** Runs one engine tick (market state, decisions, orders), as the timer would every 3 s. */
  tick(): Promise<void>;
  close(): Promise<void>;
}

export interface ReadyAppOptions {
  config?: Partial<Config>;
  /** Mask the config's secrets in log lines as production does (default); off to catch raw leaks. */
  maskConfigSecrets?: boolean;
  /** The captured log's level (default info); debug adds a line per request, as LOG_LEVEL=debug. */
  logLevel?: 'info' | 'debug';
  /** Start the trading engine on the simulator, ticking only on request (default true). */
  engine?: boolean;
  /** Whether stdout counts as an interactive terminal (root's secret is printed; default true). */
  interactive?: boolean;
  /**
   * The platform clock's wall time (default the real one): the engine's, and the simulator's market
   * clock runs from it.
   */
  engineNow?: () => number;
  /** The cluster bus of this instance (default a LocalBus: no other instance; testing/memory-bus.ts joins several). */
  bus?: ClusterBus;
  /**
   * An open database another ready app uses too (two instances on one embedded database, which
   * only one process may open); left open by close(). Default: the app opens its own.
   */
  sharedHandle?: DatabaseHandle;
}

/**
 * Builds the app like platform/start.ts does, without listening: services, the logger with the
 * config's secrets masked, the database migrated, the platform marked ready, `onReady()` run.
 */
export async function buildReadyApp(target: TestDatabase, options: ReadyAppOptions = {}): Promise<ReadyApp> {
  const config: Config = { ...TEST_CONFIG, ...options.config };
  const { logger, lines: logLines } = capturingLogger({
    level: options.logLevel ?? 'info',
    secrets: options.maskConfigSecrets === false ? [] : SECRET_KEYS.map((key) => config[key]),
  });
  const platform = new Platform();
  const platformClock = new PlatformClock(options.engineNow ?? systemTime);
  const services = composeServices(platform, config, logger, platformClock, null, options.bus);
  const clock = testClock();
  const printed: string[] = [];
  services.accounts.environment = {
    now: clock.now,
    interactive: options.interactive ?? true,
    print: (text) => printed.push(text),
  };
  const app = await buildAppFor({ config, logger, platform, services });
  await app.ready();
  const handle = options.sharedHandle ?? (await openDatabase(target.options));
  await migrateToLatest(handle.db);
  platform.markReady(handle);
  await services.onReady();
  const engine =
    options.engine === false
      ? undefined
      : await startEngine({
          config,
          platform,
          handle,
          logger,
          holder: services.engine,
          notifications: services.notifications,
          onTick: () => {},
          schedule: MANUAL_SCHEDULER,
          clock: platformClock,
        });
  const tick = async () => {
    if (!engine) throw new Error('this ready app has no engine');
    await engine.engine.tick();
  };
  await engine?.engine.tick();
  return {
    app,
    services,
    platform,
    db: handle.db,
    kind: target.kind,
    config,
    clock,
    printed,
    logLines,
    engine,
    tick,
    close: async () => {
      await engine?.stop();
      platform.markStopping();
      await app.close();
      if (!options.sharedHandle) await handle.close();
    },
  };
}

/**
 * Runs a suite once per database kind (PGlite; PostgreSQL too when TEST_DATABASE_URL is set),
 * each on its own fresh ready app. `ready()` gives it inside the tests.
 */
export function describeEachReadyApp(
  title: string,
  body: (ready: () => ReadyApp) => void,
  options: ReadyAppOptions = {},
): void {
  for (const { kind, create } of databaseKinds('migrated')) {
    describe(`${title} [${kind}]`, () => {
      let target: TestDatabase | undefined;
      let context: ReadyApp | undefined;
      beforeAll(async () => {
        target = await create();
        context = await buildReadyApp(target, options);
      });
      afterAll(async () => {
        await context?.close();
        await target?.dispose();
      });
      body(() => {
        if (!context) throw new Error('the ready app is not built yet');
        return context;
      });
    });
  }
}
