import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ReadyApp } from '../../testing/ready-app.js';
import { DatabaseEngineStore } from '../../trading/engine-store.js';
import { ExchangeCredentials } from '../../trading/exchange-credentials.js';
import { ASSETS, exchangeTrade, MINUTE, T0 } from '../../trading/test-support.js';
import { insertApiError } from '../api-errors/repository.js';

/**
 * Fills a ready app's database through the real services: users, read marks, notifications with
 * awkward text, the IP blacklist, an API error, exchange keys, trades with long decimals and a
 * few engine ticks (engine runtime and settings rows).
 */
export async function fillDatabase(ready: ReadyApp): Promise<void> {
  const { services, db } = ready;
  const now = Date.now();
  const alice = await services.accounts.createUser({ nickname: 'alice', authority: 2 });
  await services.accounts.createUser({ nickname: 'Bob', authority: 4 });
  for (const [index, description] of [
    'plain',
    'line one\nline two\t"quoted" \\ ü €',
    'emoji 🚀 \u2028',
  ].entries()) {
    await services.notifications.add({ sender: 'server', title: `n${index}`, description }, now + index);
  }
  await services.notifications.markAllRead(alice.id);
  await services.blacklist.add({ ip: '203.0.113.7', notes: 'backup test' }, now);
  await insertApiError(db, {
    route: '/ip-blacklist/:id',
    url: '/ip-blacklist/9',
    method: 'DELETE',
    user_id: alice.id,
    ip: '198.51.100.2',
    error: 'Not found{(4401)}',
    code: 4401,
    args: { params: { id: '9' }, nested: [1.5, null, 'x'] },
    event_time: now,
  });
  // A jsonb JSON null (not an SQL NULL: the column is NOT NULL) must come back as one.
  await insertApiError(db, {
    route: null,
    url: '/nowhere',
    method: 'GET',
    user_id: null,
    ip: '198.51.100.3',
    error: 'Not found{(6004)}',
    code: 6004,
    args: null,
    event_time: now + 1,
  });
  await new ExchangeCredentials(() => db, ready.config.ENCRYPTION_KEY).set(
    'binance',
    { apiKey: 'backup-test-api-key-0123456789', secret: 'backup-test-secret-0123456789' },
    now,
  );
  // NUMERIC with more digits than a double holds must come back digit for digit.
  const store = new DatabaseEngineStore(ready.platform, ASSETS);
  await store.addExchangeTrades([
    exchangeTrade('9001', 'BUY', T0, '95000.123456789012345678', '0.00100000000000000001'),
  ]);
  await services.trading.manualTrades.create(
    { side: 'BUY', time: T0 + MINUTE, price: '93000', amount: '0.0005' },
    now,
  );
  for (let tick = 0; tick < 3; tick++) await ready.tick();
}

/** Every app table's rows (as JSON text, in a fixed order), every sequence and the migrations. */
export async function databaseContent(db: Kysely<Database>): Promise<Record<string, string[]>> {
  return db.connection().execute(async (conn) => {
    // Timestamps print in the session's zone: the same zone on both sides.
    await sql`set time zone 'UTC'`.execute(conn);
    const tables = await sql<{ name: string; kind: string }>`
      select c.relname::text as name, c.relkind::text as kind from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'S') and c.relname <> 'kysely_migration_lock'
      order by c.relname`.execute(conn);
    const content: Record<string, string[]> = {};
    for (const { name, kind } of tables.rows) {
      const rows =
        kind === 'S'
          ? await sql<{
              row: string;
            }>`select last_value || ' ' || is_called as row from ${sql.table(name)}`.execute(conn)
          : name === 'kysely_migration'
            ? await sql<{ row: string }>`select name as row from kysely_migration order by name`.execute(conn)
            : await sql<{
                row: string;
              }>`select row_to_json(t)::text as row from ${sql.table(name)} as t order by 1`.execute(conn);
      content[name] = rows.rows.map((row) => row.row);
    }
    return content;
  });
}
