// `npx tsx --conditions=@balancer/source bench/operations.ts`: the cost of the operations features.
// - server monitor: wall time of one real sample of this machine (hostReader through the
//   ServerMonitor, alarms included) and the longest event-loop block seen while sampling;
// - backups: createBackup of a large installation (200,000 notifications, 50,000 API errors,
//   thousands of trades, transactions and position prices, filled with generate_series but with
//   realistic text) on PGlite in a temp folder, then restoreBackup into a second fresh PGlite;
//   the same on PostgreSQL (scratch databases bench_ops_<pid>…) when BENCH_DATABASE_URL or
//   TEST_DATABASE_URL is set;
// - notifications: NotificationsService.add while Telegram hangs every request (delivery stuck),
//   against add without Telegram, interleaved: a stuck Telegram must not slow the callers.
// Prints lines, then as its last line `BENCH {…}`. Nothing asserts on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { DEFAULT_SERVER_ALARMS } from '@balancer/core';
import {
  backups,
  createLogger,
  type DatabaseHandle,
  loadConfig,
  migrateToLatest,
  openDatabase,
  Platform,
  SecretMasker,
} from '@balancer/server';
import { startTelegramStandIn } from '@balancer/server/testing';
import { sql } from 'kysely';
import pg from 'pg';
// Not exported by the package: the bench reaches the features' own modules.
import { notificationFeature } from '../packages/server/src/features/notifications/feature.js';
import { ServerMonitor } from '../packages/server/src/features/server-monitor/monitor.js';
import { hostReader } from '../packages/server/src/features/server-monitor/reader.js';

const MONITOR_SAMPLES = 100;
const NOTIFY_ADDS = 300;
const NOTIFY_WARMUP = 20;
const T0 = 1_743_292_800_000; // 2025-03-30 00:00 UTC
const say = (line: string) => process.stdout.write(`${line}\n`);
const round = (value: number, digits = 3): number => Math.round(value * 10 ** digits) / 10 ** digits;
/** The value at `share` of the sorted list (0.5 median, 0.99 p99). */
const at = (values: number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
};
const silent = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
const root = mkdtempSync(path.join(tmpdir(), 'balancer-bench-ops-'));
const figures: Record<string, number> = {};

/** One warm-up sample (loads systeminformation), then MONITOR_SAMPLES timed ones in a row. */
async function benchMonitor(): Promise<void> {
  const monitor = new ServerMonitor({
    reader: hostReader(),
    thresholds: async () => DEFAULT_SERVER_ALARMS,
    notify: async () => undefined,
    logger: silent,
  });
  await monitor.sample();
  // The histogram's floor on this machine: the same kind of probe over an idle 200 ms.
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((done) => setTimeout(done, 200));
  idle.disable();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const took: number[] = [];
  for (let i = 0; i < MONITOR_SAMPLES; i += 1) {
    const started = performance.now();
    await monitor.sample();
    took.push(performance.now() - started);
  }
  loop.disable();
  figures.monitor_sample_ms_median = round(at(took, 0.5));
  figures.monitor_sample_ms_p99 = round(at(took, 0.99));
  figures.monitor_loop_block_ms_max = round(loop.max / 1e6);
  say(
    `monitor: ${MONITOR_SAMPLES} samples after 1 warm-up: median ${figures.monitor_sample_ms_median} ms, ` +
      `p99 ${figures.monitor_sample_ms_p99} ms, max ${round(Math.max(...took))} ms; ` +
      `event loop delay max ${figures.monitor_loop_block_ms_max} ms, mean ${round(loop.mean / 1e6)} ms ` +
      `(idle: max ${round(idle.max / 1e6)} ms)`,
  );
}

// A large installation's content, as an operator running for months would have. Texts are built
// from each row's number so they vary like real ones (and gzip like them, roughly).
const FILL: Array<[string, string]> = [
  [
    'position',
    `insert into "position" (open, close, archived)
     select ${T0} + p * 345600000, case when p < 30 then ${T0} + p * 345600000 + 259200000 end, p < 30
     from generate_series(1::bigint, 30) as p`,
  ],
  [
    'position_price',
    `insert into position_price (position_id, minute_time, open, high, low, close)
     select p, ${T0} + p * 345600000 + m * 60000, o, o + 5.25, o - 4.75, o + 1.5
     from generate_series(1::bigint, 30) as p, generate_series(0::bigint, 999) as m,
       lateral (select (60000 + ((p * 1000 + m) * 13) % 20000 + (m % 100) / 100.0)::numeric(14, 2) as o) as x`,
  ],
  [
    'transaction',
    `insert into "transaction" (id, side, amount, status, attempts, event_time, client_order_id, logs,
       intent_kind, intent_level, intent_manual, position_id)
     select i, case when i % 3 = 0 then 'SELL' else 'BUY' end, (0.0001 + (i % 997) / 100000.0)::numeric(16, 8),
       case when i % 50 = 0 then 'FAILED' else 'SUCCEEDED' end, 1 + i % 3, ${T0} + i * 3600000, 'bal-' || i,
       jsonb_build_array(
         jsonb_build_object('action', 'INITIAL_BALANCES', 'outcome', true, 'eventTime', ${T0} + i * 3600000,
           'payload', jsonb_build_object('BTC', (0.01 + (i % 89) / 1000.0)::text, 'USDT', (1500 + i % 700)::text)),
         jsonb_build_object('action', 'EXECUTION', 'outcome', i % 50 <> 0, 'eventTime', ${T0} + i * 3600000 + 400,
           'payload', jsonb_build_object('orderId', (1000000 + i)::text, 'status', 'FILLED', 'filled', '0.00123',
             'fills', jsonb_build_array(jsonb_build_object('id', (9000000 + i)::text, 'price', '84123.45',
               'amount', '0.00123', 'time', ${T0} + i * 3600000 + 800)))),
         jsonb_build_object('action', 'CONFIRMATION', 'outcome', true, 'eventTime', ${T0} + i * 3600000 + 900,
           'payload', jsonb_build_object('BTC', (0.02 + (i % 89) / 1000.0)::text, 'USDT', (1400 + i % 700)::text))),
       case when i % 3 = 0 then 'decrease' else 'increase' end, case when i % 3 <> 0 then 1 + i % 5 end,
       i % 40 = 0, 1 + i % 30
     from generate_series(1::bigint, 3000) as i`,
  ],
  ['sequence', `select setval('transaction_id_seq', 3000)`],
  [
    'trade',
    `insert into trade (exchange_trade_id, position_id, transaction_id, side, time, price, amount, quote_amount,
       commission, commission_asset, source, order_id, client_order_id)
     select (9000000 + i)::text, 1 + t % 30, t, case when t % 3 = 0 then 'SELL' else 'BUY' end,
       ${T0} + t * 3600000 + 800 + i, price, amount, price * amount, (price * amount * 0.001)::numeric(20, 8),
       'QUOTE', 'exchange', (1000000 + t)::text, 'bal-' || t
     from generate_series(1::bigint, 4000) as i,
       lateral (select 1 + (i - 1) % 3000 as t, (60000 + (i * 37) % 40000 + (i % 100) / 100.0)::numeric(14, 2) as price,
         (0.0001 + (i % 997) / 100000.0)::numeric(16, 8) as amount) as x`,
  ],
  [
    'crash',
    `insert into crash (id, "start", "end", highest_points, final_points, reversal_event_time)
     select 'crash-' || c, ${T0} + c * 86400000, ${T0} + c * 86400000 + 7200000, 2.5 + (c % 7) * 0.5, 1.5,
       ${T0} + c * 86400000 + 3600000
     from generate_series(1::bigint, 100) as c`,
  ],
  [
    'reversal_point',
    `insert into reversal_point (crash_id, time, total, liquidity, coins_quote, coins_base)
     select 'crash-' || c, ${T0} + c * 86400000 + s * 15000, (s % 20) * 0.1, 0.1 * (s % 7), 0.05 * (s % 5), 0.05 * (s % 3)
     from generate_series(1::bigint, 100) as c, generate_series(1::bigint, 50) as s`,
  ],
  [
    'notification',
    `insert into notification (sender, title, description, event_time)
     select (array['transaction', 'position', 'planner', 'market state', 'server', 'websocket'])[(1 + i % 6)::int],
       (array['Buy order filled', 'Sell order filled', 'Plan updated', 'Crash detected', 'CPU above 75 %',
         'Stream reconnected'])[(1 + i % 6)::int],
       format('Order bal-%s for %s BTC at %s USDT filled after %s attempt(s); position %s now holds %s BTC '
         'worth %s USDT. Window state %s, bid dominance %s %%, reference %s.',
         i, (0.0001 + (i % 997) / 100000.0)::numeric(16, 8), (60000 + (i * 37) % 40000 + (i % 100) / 100.0)::numeric(14, 2),
         1 + i % 3, 1 + i % 30, (0.01 + (i % 89) / 1000.0)::numeric(16, 8), 1000 + (i * 7) % 9000, i % 5 - 2, i % 100,
         md5(i::text))
       || case when i % 50 = 0 then E'\\n' || repeat('Exchange said: ' || md5((-i)::text) || '. ', 25) else '' end,
       ${T0} + i * 60000
     from generate_series(1::bigint, 200000) as i`,
  ],
  [
    'notification_delivery',
    `insert into notification_delivery (notification_id, state, attempts, failures, next_attempt_at, updated_at)
     select id, 'sent', 1, 0, 0, event_time + 500 from notification where id % 2 = 0`,
  ],
  [
    'api_error',
    `insert into api_error (route, url, method, user_id, ip, error, code, args, event_time)
     select '/notification/list', '/notification/list?limit=' || i % 200 || '&startAtID=' || i,
       (array['GET', 'POST', 'PATCH', 'DELETE'])[(1 + i % 4)::int], case when i % 3 <> 0 then md5('u' || i % 20)::uuid end,
       '198.51.100.' || i % 250, 'Invalid argument{(4001)}: limit must be an integer from 1 to 100', 4001 + i % 40,
       jsonb_build_object('query', jsonb_build_object('limit', (i % 200)::text, 'startAtID', i::text),
         'body', jsonb_build_object('nickname', 'user' || i % 20, 'note', md5(i::text))),
       ${T0} + i * 240000
     from generate_series(1::bigint, 50000) as i`,
  ],
];

async function fill(handle: DatabaseHandle): Promise<void> {
  const started = performance.now();
  await migrateToLatest(handle.db);
  for (const [, statement] of FILL) await sql.raw(statement).execute(handle.db);
  say(`  migrated and filled in ${round((performance.now() - started) / 1000, 1)} s`);
}

interface Place {
  options: { databaseUrl?: string; dataDir: string };
  dispose(): Promise<void>;
}

function pglitePlace(name: string): Place {
  const dataDir = path.join(root, name);
  return { options: { dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function postgresPlace(adminUrl: string, name: string): Promise<Place> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    options: { databaseUrl: url.toString(), dataDir: path.join(root, name) },
    dispose: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Fills `source`, times a backup of it, runs `whileOpen` on it (the notifications bench uses the
 * large database), closes it, then times the restore into `target` (migrated first, as a fresh
 * installation would be). One database is open at a time (PGlite holds ~800 MB in memory).
 */
async function roundTrip(
  suffix: string,
  source: Place,
  target: Place,
  key: string,
  whileOpen?: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const file = path.join(root, `backup${suffix}.jsonl.gz`);
  try {
    await backupOf(suffix, source, file, key, whileOpen);
    await restoreInto(suffix, target, file, key);
  } finally {
    // Both are idempotent: whatever a failure left behind goes.
    await source.dispose();
    await target.dispose();
    rmSync(file, { force: true });
  }
}

async function backupOf(
  suffix: string,
  source: Place,
  file: string,
  key: string,
  whileOpen?: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const from = await openDatabase(source.options);
  try {
    await fill(from);
    const started = performance.now();
    const summary = await backups.createBackup(from.db, {
      file,
      encryptionKey: key,
      databaseKind: from.kind,
    });
    const seconds = (performance.now() - started) / 1000;
    figures[`backup_rows_per_s${suffix}`] = Math.round(summary.rows / seconds);
    if (suffix === '') figures.backup_mb = round(summary.bytes / 1e6, 2);
    say(
      `  backup: ${summary.rows} rows of ${summary.tables} tables in ${round(seconds, 2)} s, ` +
        `${round(summary.bytes / 1e6, 2)} MB gzip`,
    );
    await whileOpen?.(from);
  } finally {
    await from.close();
    await source.dispose();
  }
}

async function restoreInto(suffix: string, target: Place, file: string, key: string): Promise<void> {
  const to = await openDatabase(target.options);
  try {
    await migrateToLatest(to.db);
    const started = performance.now();
    const restored = await backups.restoreBackup(to.db, { file, encryptionKey: key });
    const seconds = (performance.now() - started) / 1000;
    figures[`restore_rows_per_s${suffix}`] = Math.round(restored.rows / seconds);
    say(`  restore: ${restored.rows} rows of ${restored.tables} tables in ${round(seconds, 2)} s`);
  } finally {
    await to.close();
  }
}

const note = (i: number) => ({
  sender: 'transaction',
  title: 'Buy order filled',
  description: `Order bal-${i} for 0.00123000 BTC at 84123.45 USDT filled after 1 attempt(s); position 30 now holds 0.01500000 BTC.`,
});

/**
 * NotificationsService.add with Telegram configured against a stand-in that never answers (the
 * first request hangs, so every later row stays pending behind it), interleaved with add on a
 * service without Telegram, on the same (large) database.
 */
async function benchNotify(handle: DatabaseHandle): Promise<void> {
  const stand = await startTelegramStandIn();
  stand.fail({ kind: 'hang' }, 1_000);
  const platform = new Platform();
  platform.markReady(handle);
  const base = {
    BALANCER_DATA_DIR: path.join(root, 'config'),
    UPDATE_SOURCE_URL: 'off',
    LOG_LEVEL: 'silent',
  };
  const plain = notificationFeature(platform, loadConfig(base).config, silent);
  const telegram = {
    ...base,
    TELEGRAM_API_URL: stand.url,
    TELEGRAM_BOT_TOKEN: stand.token,
    TELEGRAM_CHAT_ID: stand.chatId,
  };
  // The request timeout outlasts the bench: delivery stays stuck on the first request throughout.
  const stuck = notificationFeature(platform, loadConfig(telegram).config, silent, {
    requestTimeoutMs: 600_000,
  });
  await stuck.queue.start();
  // The first add sends; once its request hangs at the stand-in, delivery is stuck.
  await stuck.notifications.add(note(-1), Date.now());
  const deadline = Date.now() + 10_000;
  while (stand.requests === 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 10));
  const withTelegram: number[] = [];
  const without: number[] = [];
  try {
    for (let i = 0; i < NOTIFY_WARMUP + NOTIFY_ADDS; i += 1) {
      let started = performance.now();
      await stuck.notifications.add(note(i), Date.now());
      const stuckMs = performance.now() - started;
      started = performance.now();
      await plain.notifications.add(note(i), Date.now());
      const plainMs = performance.now() - started;
      if (i < NOTIFY_WARMUP) continue;
      withTelegram.push(stuckMs);
      without.push(plainMs);
    }
    const pending = await handle.db
      .selectFrom('notification_delivery')
      .where('state', '=', 'pending')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    figures.notify_add_ms_median = round(at(withTelegram, 0.5));
    figures.notify_add_ms_p99 = round(at(withTelegram, 0.99));
    figures.notify_add_ms_median_no_telegram = round(at(without, 0.5));
    say(
      `notify: ${NOTIFY_ADDS} adds each after ${NOTIFY_WARMUP} warm-up, interleaved; Telegram hanging ` +
        `(${stand.requests} request(s) made, ${pending.n} deliveries pending): median ${figures.notify_add_ms_median} ms, ` +
        `p99 ${figures.notify_add_ms_p99} ms; without Telegram: median ` +
        `${figures.notify_add_ms_median_no_telegram} ms, p99 ${round(at(without, 0.99))} ms`,
    );
  } finally {
    await stuck.queue.stop();
    await stand.close();
  }
}

try {
  await benchMonitor();
  const key = loadConfig({ BALANCER_DATA_DIR: path.join(root, 'config') }).config.ENCRYPTION_KEY;
  say('backup on PGlite:');
  await roundTrip('', pglitePlace('source'), pglitePlace('target'), key, benchNotify);
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    say('backup on PostgreSQL:');
    const name = `bench_ops_${process.pid}`;
    const source = await postgresPlace(adminUrl, name);
    const target = await postgresPlace(adminUrl, `${name}_restore`).catch(async (error: unknown) => {
      await source.dispose();
      throw error;
    });
    await roundTrip('_postgres', source, target, key);
  } else {
    say('backup on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
say(`BENCH ${JSON.stringify(figures)}`);
