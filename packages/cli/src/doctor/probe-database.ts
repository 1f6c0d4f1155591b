import { type Config, embeddedDatabaseHolder, migrations } from '@balancer/server/ops';
import pg from 'pg';
import { type DoctorCheck, fail, ok, skip, warn } from './check.js';

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** The migrations the code has that the database has not applied yet. */
export function pendingMigrations(applied: readonly string[]): string[] {
  const done = new Set(applied);
  return Object.keys(migrations).filter((name) => !done.has(name));
}

function judgePending(pending: string[], where: string): DoctorCheck {
  if (pending.length === 0)
    return ok('migrations', `${where}: every migration applied (${Object.keys(migrations).length})`);
  return warn(
    'migrations',
    `${where}: ${pending.length} pending (${pending.join(', ')})`,
    'they run at the next start: take a backup first (`npm run cli -- backup`), then restart the platform',
  );
}

/** PostgreSQL: connect + SELECT 1 within the deadline, then which migrations are applied. */
async function checkPostgres(url: string, timeoutMs: number): Promise<DoctorCheck[]> {
  const where = redact(url);
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on('error', () => {});
  const started = performance.now();
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    await client.end().catch(() => {});
    const late = performance.now() - started >= timeoutMs - 50 ? ` (no answer within ${timeoutMs} ms)` : '';
    return [
      fail(
        'database',
        `${where}: ${(error as Error).message || 'cannot connect'}${late}`,
        'check DATABASE_URL (host, port, user, password, database name) and that PostgreSQL runs: `systemctl status postgresql`, `pg_isready -d "$DATABASE_URL"`',
      ),
    ];
  }
  try {
    const table = await client.query<{ present: boolean }>(
      "select to_regclass('kysely_migration') is not null as present",
    );
    const applied = table.rows[0]?.present
      ? (await client.query<{ name: string }>('select name from kysely_migration')).rows.map(
          (row) => row.name,
        )
      : [];
    return [ok('database', `${where} answers`), judgePending(pendingMigrations(applied), 'PostgreSQL')];
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The embedded database: not opened (PGlite takes seconds to start, and a running server holds
 * it): the lock file tells whether a live server holds it; that server migrated it at its start.
 */
function checkEmbedded(dataDir: string): DoctorCheck[] {
  const holder = embeddedDatabaseHolder(dataDir);
  if (holder !== undefined) {
    return [
      ok('database', `embedded (PGlite), held by the running server (pid ${holder})`),
      ok('migrations', 'applied by the running server when it started'),
    ];
  }
  return [
    ok('database', 'embedded (PGlite), not in use: no server is running on this data folder'),
    skip(
      'migrations',
      'the embedded database is not opened by doctor (seconds to start); pending ones run at the next start',
    ),
  ];
}

export function checkDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'BALANCER_DATA_DIR'>,
  timeoutMs: number,
): Promise<DoctorCheck[]> {
  return config.DATABASE_URL
    ? checkPostgres(config.DATABASE_URL, timeoutMs)
    : Promise.resolve(checkEmbedded(config.BALANCER_DATA_DIR));
}
