// The process crash-safety.db.test.ts kills with SIGKILL: the server's trading engine, built by
// startEngine as platform/start.ts builds it (database store, engine lock, notifications),
// on the test's database, in the mode the environment configures (EXCHANGE_MODE=live against the
// local Binance server). Once the engine has reconciled and ticked, it places manual increases and
// decreases of 50 % one after another until it is killed.
//
// Protocol: one JSON line per event on stdout (logs go to stderr):
//   {"event":"loaded"} once its code is loaded; it then waits for the line "go" on stdin;
//   {"event":"ready","pending":n,"processing":m,"mode":"trading"}  pending = PROCESSING transactions
//     found before the engine started, processing = those left after its start-up reconciliation;
//   {"event":"order","kind":"increase","id":"7","status":"SUCCEEDED"} after each finished order;
//   {"event":"refused","kind":"decrease","code":"ENGINE_AMOUNT_BELOW_MINIMUM"};
//   {"event":"stopped"} after SIGTERM: the order in flight finished, trades synced, engine stopped.
// CRASH_CONFIRM_DELAY_MS shortens the wait before an order is looked up (the engine's default is
// 10 s); CRASH_CHILD_SEED seeds the choice between increase and decrease.
import { isCodedError, seededRandom } from '@balancer/core';
import { createExchange } from '@balancer/engine';
import { loadConfig } from '../../config/load.js';
import { type Config, OPTIONAL_SECRET_KEYS, SECRET_KEYS } from '../../config/schema.js';
import { openDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { EngineHolder } from '../../features/engine/engine-holder.js';
import { exchangeOptions } from '../../features/engine/exchange-options.js';
import { startEngine } from '../../features/engine/start-engine.js';
import { NotificationsService } from '../../features/notifications/service.js';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { Platform } from '../../platform/platform.js';
import { DatabaseEngineStore } from '../../trading/index.js';

const emit = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

/**
 * Before the test says "go" on stdin, the child loads its code: ccxt's modules (imported on first
 * use; warmed up by building the exchange adapter once, which sends no request). PGlite is not
 * preloaded: it runs in the database's worker thread, which loads it as it opens the database
 * (openDatabase), as the server's own start does. The test starts the next child while the
 * current one runs, so a restart costs what a restart of a warm process costs. Nothing touches
 * the database before "go".
 */
async function loadAndWait(config: Config): Promise<void> {
  const exchange = await createExchange(exchangeOptions(config, null, Date.now()));
  await exchange.close();
  emit({ event: 'loaded' });
  await new Promise<void>((resolve) => {
    let input = '';
    process.stdin.on('data', (chunk: Buffer) => {
      input += chunk.toString();
      if (input.includes('go\n')) resolve();
    });
  });
  process.stdin.pause();
}

async function main(): Promise<void> {
  const { config } = loadConfig();
  await loadAndWait(config);
  const logger = createLogger({
    level: config.LOG_LEVEL,
    format: 'json',
    masker: new SecretMasker([...SECRET_KEYS, ...OPTIONAL_SECRET_KEYS].map((key) => config[key])),
    sink: process.stderr,
  });
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.BALANCER_DATA_DIR });
  await migrateToLatest(handle.db);
  const platform = new Platform();
  platform.markReady(handle);
  const store = new DatabaseEngineStore(platform, { base: 'BTC', quote: config.QUOTE_ASSET });
  const pending = (await store.processingTransactions()).length;
  const runtime = await startEngine({
    config,
    platform,
    handle,
    logger,
    holder: new EngineHolder(),
    notifications: new NotificationsService(platform),
    onTick: () => {},
    confirmDelayMs: Number(process.env.CRASH_CONFIRM_DELAY_MS ?? 200),
  });
  const { engine } = runtime;
  if (engine.snapshot() === null) {
    await new Promise<void>((resolve) => {
      const off = engine.onTick((snapshot) => {
        if (snapshot === null) return;
        off();
        resolve();
      });
    });
  }
  const processing = (await store.processingTransactions()).length;
  emit({ event: 'ready', pending, processing, mode: engine.mode });

  let stopping = false;
  const stopped = new Promise<void>((resolve) => process.once('SIGTERM', () => resolve()));
  void stopped.then(() => {
    stopping = true;
  });
  // Most children are killed during their first order: it is drawn too, so sells get killed as well.
  const random = seededRandom(Number(process.env.CRASH_CHILD_SEED ?? 1));
  const draw = () => (random() < 0.55 ? 'increase' : 'decrease');
  let kind: 'increase' | 'decrease' = draw();
  while (!stopping) {
    try {
      const { transaction } = kind === 'increase' ? await engine.increase() : await engine.decrease(50);
      emit({ event: 'order', kind, id: transaction.id, status: transaction.status });
      kind = draw();
    } catch (error) {
      if (!isCodedError(error)) throw error;
      emit({ event: 'refused', kind, code: error.errorName });
      // A decrease refused (no position, below the minimum) turns into an increase.
      kind = 'increase';
    }
  }
  await engine.syncTrades();
  await runtime.stop();
  await handle.close();
  emit({ event: 'stopped' });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`crash child failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
