// `npx tsx --conditions=@balancer/source bench/storage.ts`: bounded storage (docs/retention.md).
// - error log: the real app on a fresh embedded PGlite, 1,000 refused anonymous requests with
//   ~90 kB bodies of random text (incompressible) to six routes from 100 addresses (so the per-IP
//   rate limits never answer first), and the growth of the api_error table
//   (pg_total_relation_size) per 1,000 requests;
// - storage maintenance (when the code has it): one run of every retention rule plus PGlite's
//   VACUUM and CHECKPOINT on an installation left months unattended (60 days of minute prices of
//   one position, 10,000 API errors, 12,000 notifications, 1,200 crashes of 100 points, a 100 kB
//   runtime row rewritten 60 times), then a run an hour later; wall time of each and the longest
//   event-loop block (monitorEventLoopDelay): PGlite ran on the main thread before it had its own
//   (db/embedded/), and a VACUUM stopped everything else while it ran.
// Prints lines, then as its last line `BENCH {…}`. Nothing asserts on time.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  createLogger,
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
  Platform,
  SecretMasker,
} from '@balancer/server';
import { sql } from 'kysely';
import { composeServices } from '../packages/server/src/platform/compose.js';
// Not exported by the package: the bench reaches the app's own modules.
import { buildAppFor, TEST_CONFIG } from '../packages/server/src/testing/test-app.js';

const REQUESTS = 1_000;
const ADDRESSES = 100;
const BODY_CHARS = 90_000;
type Db = DatabaseHandle['db'];
const say = (line: string) => process.stdout.write(`${line}\n`);
const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;
const silent = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
const root = mkdtempSync(path.join(tmpdir(), 'balancer-bench-storage-'));
const figures: Record<string, number> = {};

/** Random text that compression cannot shrink, `chars` long. */
const fat = (chars: number) =>
  randomBytes(Math.ceil((chars * 3) / 4))
    .toString('base64')
    .slice(0, chars);

/** The six routes of the flood and a body for each, refused before any handler runs. */
const FLOOD: Array<{ method: 'POST' | 'PUT' | 'PATCH'; url: string; body: () => object }> = [
  { method: 'POST', url: '/auth/jwt/sign-in', body: () => ({ nickname: fat(BODY_CHARS), password: 'p' }) },
  {
    method: 'PATCH',
    url: '/auth/user/password',
    body: () => ({ nickname: 'bob', newPassword: 'x', confirmNewPassword: fat(BODY_CHARS) }),
  },
  { method: 'POST', url: '/ip-blacklist', body: () => ({ ip: 'not-an-ip', notes: fat(BODY_CHARS) }) },
  { method: 'PUT', url: '/server/alarms', body: () => ({ newConfig: fat(BODY_CHARS) }) },
  { method: 'POST', url: '/position/decrease', body: () => ({ percentage: fat(BODY_CHARS) }) },
  { method: 'POST', url: '/position/trade', body: () => ({ trade: { note: fat(BODY_CHARS) } }) },
];

async function tableBytes(db: Db): Promise<number> {
  const result = await sql<{ bytes: string }>`select pg_total_relation_size('api_error') as bytes`.execute(
    db,
  );
  return Number(result.rows[0]?.bytes ?? 0);
}

/** A fresh, migrated embedded database in the bench's folder, and a platform ready on it. */
async function freshPlatform(name: string): Promise<{ handle: DatabaseHandle; platform: Platform }> {
  const handle = await openDatabase({ dataDir: path.join(root, name) });
  await migrateToLatest(handle.db);
  const platform = new Platform();
  platform.markReady(handle);
  return { handle, platform };
}

async function benchErrorLog(): Promise<void> {
  const { handle, platform } = await freshPlatform('errors');
  try {
    const services = composeServices(platform, TEST_CONFIG, silent);
    const app = await buildAppFor({ config: TEST_CONFIG, logger: silent, platform, services });
    await app.ready();
    const before = await tableBytes(handle.db);
    const codes = new Map<string, number>();
    const started = performance.now();
    for (let n = 0; n < REQUESTS; n += 1) {
      const route = FLOOD[n % FLOOD.length]!;
      const res = await app.inject({
        method: route.method,
        url: route.url,
        payload: route.body(),
        remoteAddress: `198.51.100.${n % ADDRESSES}`,
      });
      const code = /\{\((\d+)\)\}$/.exec((res.json() as { error: string | null }).error ?? '')?.[1] ?? 'ok';
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    await services.apiErrors.flush();
    const seconds = (performance.now() - started) / 1000;
    const after = await tableBytes(handle.db);
    const rows = await sql<{ n: string }>`select count(*) as n from api_error`.execute(handle.db);
    figures.error_log_growth_kb_per_1000_anonymous_requests = round(
      ((after - before) / 1024) * (1000 / REQUESTS),
    );
    say(
      `error log: ${REQUESTS} anonymous requests (~${BODY_CHARS / 1000} kB bodies, ${FLOOD.length} routes, ` +
        `${ADDRESSES} IPs) in ${round(seconds)} s, answers ${JSON.stringify(Object.fromEntries(codes))}; ` +
        `api_error ${round(before / 1024)} → ${round(after / 1024)} kB, ${rows.rows[0]?.n} rows`,
    );
    await app.close();
  } finally {
    await handle.close();
  }
}

interface Maintenance {
  run(): Promise<{ deleted: Record<string, number>; vacuumed: string[]; longestStepMs: number }>;
}

/** The storage maintenance task, when this version of the code has one. */
async function maintenanceOf(platform: Platform): Promise<Maintenance | null> {
  try {
    const storage = await import('../packages/server/src/features/storage/index.js');
    const { RETENTION_RULES } = await import('../packages/server/src/platform/retention-rules.js');
    return storage.storageFeature(platform, silent, RETENTION_RULES);
  } catch {
    return null;
  }
}

const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;

/** Months of unattended data, as the engine and the API would have left it without retention. */
async function fillMonths(db: Db, now: number): Promise<void> {
  const position = await sql<{ id: string }>`insert into position (open) values (${T0}) returning id`.execute(
    db,
  );
  await sql`
    insert into position_price (position_id, minute_time, open, high, low, close)
    select ${position.rows[0]!.id}, ${T0}::bigint + n * ${MINUTE}::bigint, 30000 + n % 500, 30001 + n % 500,
      29999 + n % 500, 30000 + n % 500
    from generate_series(0, 60 * 1440 - 1) as n`.execute(db);
  await sql`
    insert into api_error (route, url, method, ip, error, code, args, event_time)
    select '/auth/jwt/sign-in', '/auth/jwt/sign-in', 'POST', '198.51.100.' || n % 250,
      'The request is invalid{(6503)}', 6503, 'null', ${now}::bigint - n * 1000
    from generate_series(1, 10000) as n`.execute(db);
  await sql`
    insert into notification (sender, title, description, event_time)
    select 'planner', 'Deposit needed', 'A deposit of 100 USDT is needed', ${now}::bigint - n * 60000
    from generate_series(1, 12000) as n`.execute(db);
  await sql`
    insert into crash (id, start, "end", highest_points, final_points, reversal_event_time)
    select 'crash-' || (${T0}::bigint + n * 3600000::bigint), ${T0}::bigint + n * 3600000::bigint,
      ${T0}::bigint + n * 3600000::bigint + 1800000, 80, 60, null
    from generate_series(1, 1200) as n`.execute(db);
  await sql`
    insert into reversal_point (crash_id, time, total, liquidity, coins_quote, coins_base)
    select c.id, c.start + p * ${MINUTE}::bigint, 50, 10, 30, 10
    from crash c cross join generate_series(1, 100) as p`.execute(db);
  await rewriteRuntime(db, 60);
}

/** A ~100 kB runtime row (the coins windows) rewritten `times` times. */
async function rewriteRuntime(db: Db, times: number): Promise<void> {
  for (let n = 0; n < times; n += 1) {
    const value = JSON.stringify({ windows: fat(100_000) });
    await sql`
      insert into engine_runtime (key, value, updated_at) values ('engine.coins', ${value}::jsonb, ${n})
      on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`.execute(db);
  }
}

/** One maintenance run under an event-loop delay histogram. */
async function timedRun(maintenance: Maintenance): Promise<{ ms: number; blockMs: number; step: number }> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const started = performance.now();
  const report = await maintenance.run();
  const ms = performance.now() - started;
  loop.disable();
  return { ms: round(ms), blockMs: round(loop.max / 1e6), step: report.longestStepMs };
}

async function benchMaintenance(): Promise<void> {
  const { handle, platform } = await freshPlatform('maintenance');
  try {
    const maintenance = await maintenanceOf(platform);
    if (!maintenance) {
      say('storage maintenance: not in this version of the code');
      return;
    }
    const now = Date.now();
    await fillMonths(handle.db, now);
    const first = await timedRun(maintenance);
    say(
      `storage maintenance, first run on months of data: ${first.ms} ms, longest statement ${first.step} ms, ` +
        `event loop blocked at most ${first.blockMs} ms`,
    );
    // An hour later: 60 new minute prices and errors, 6 runtime rewrites.
    await rewriteRuntime(handle.db, 6);
    const hourly = await timedRun(maintenance);
    say(
      `storage maintenance, hourly run: ${hourly.ms} ms, longest statement ${hourly.step} ms, ` +
        `event loop blocked at most ${hourly.blockMs} ms`,
    );
    figures.storage_maintenance_first_ms = first.ms;
    figures.storage_maintenance_first_loop_block_ms_max = first.blockMs;
    figures.storage_maintenance_hourly_ms = hourly.ms;
    figures.storage_maintenance_hourly_loop_block_ms_max = hourly.blockMs;
  } finally {
    await handle.close();
  }
}

try {
  await benchErrorLog();
  await benchMaintenance();
} finally {
  rmSync(root, { recursive: true, force: true });
}
say(`BENCH ${JSON.stringify(figures)}`);
