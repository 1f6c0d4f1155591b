import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../db/retention.js';
import { Platform } from '../../platform/platform.js';
import { RETENTION_RULES } from '../../platform/retention-rules.js';
import { capturingLogger } from '../../testing/capturing-logger.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { SESSION_TTL_MS } from '../accounts/sessions-repository.js';
import { StorageMaintenance } from './index.js';

/** Wall time of the runs: 2026-11-01 12:00 UTC. */
const NOW = Date.UTC(2026, 10, 1, 12);
/** Market time of the trading rows: 2026-01-01 00:00 UTC (an hour start). */
const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const GONE_USER = '00000000-0000-4000-8000-0000000000ff';

describeEachDatabase('storage retention', (ctx) => {
  const db = () => ctx().handle.db;
  const count = async (table: string, where = sql`true`) => {
    const result = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db());
    return Number(result.rows[0]!.n);
  };
  let userId = '';
  const maintenance = () => {
    const platform = new Platform();
    platform.markReady(ctx().handle);
    return new StorageMaintenance({
      platform,
      rules: RETENTION_RULES,
      logger: capturingLogger().logger,
      now: () => NOW,
    });
  };

  beforeAll(async () => {
    const user = await sql<{ id: string }>`
      insert into users (nickname, authority, otp_secret_sealed, created_at)
      values ('keeper', 1, 'sealed', 0) returning id`.execute(db());
    userId = user.rows[0]!.id;
  });

  it('accounts: drops expired sessions, old rotated hashes, expired captchas, password updates past 100 a user', async () => {
    const session = (hash: string, expiresAt: number) =>
      sql<{ id: string }>`
      insert into refresh_sessions (user_id, token_hash, created_at, last_used_at, expires_at)
      values (${userId}, ${hash}, 0, 0, ${expiresAt}) returning id`.execute(db());
    await session('expired-1', NOW - 1);
    await session('expired-2', NOW - DAY_MS);
    const live = (await session('live', NOW + DAY_MS)).rows[0]!.id;
    await sql`
      insert into refresh_token_rotations (token_hash, session_id, rotated_at) values
        ('old', ${live}, ${NOW - SESSION_TTL_MS - 1}), ('recent', ${live}, ${NOW - DAY_MS})`.execute(db());
    await sql`
      insert into used_captchas (signature, expires_at) values
        ('spent-1', ${NOW - 1}), ('spent-2', ${NOW}), ('fresh', ${NOW + MINUTE})`.execute(db());
    await sql`
      insert into password_updates (user_id, event_time, ip)
      select ${userId}, ${NOW} - n * ${MINUTE}::bigint, '192.0.2.1' from generate_series(1, 120) as n`.execute(
      db(),
    );
    // Guessing counts: idle for over a day (gone), recent (kept), old but still locked (kept).
    await sql`
      insert into account_guard (subject, attempts, locked_until, last_attempt_at) values
        ('nickname:idle', 3, null, ${NOW - DAY_MS - 1}),
        ('nickname:recent', 2, null, ${NOW - HOUR_MS}),
        ('nickname:locked', 30, ${NOW + HOUR_MS}, ${NOW - DAY_MS - 1})`.execute(db());

    const report = await maintenance().run();

    expect(await db().selectFrom('refresh_sessions').select('token_hash').execute()).toEqual([
      { token_hash: 'live' },
    ]);
    expect(await db().selectFrom('refresh_token_rotations').select('token_hash').execute()).toEqual([
      { token_hash: 'recent' },
    ]);
    expect(await db().selectFrom('used_captchas').select('signature').execute()).toEqual([
      { signature: 'fresh' },
    ]);
    // The newest 100 of 120: minutes 1–100 before NOW.
    expect(await count('password_updates')).toBe(100);
    expect(await count('password_updates', sql`event_time < ${NOW - 100 * MINUTE}`)).toBe(0);
    expect(
      (await db().selectFrom('account_guard').select('subject').orderBy('subject').execute()).map(
        (row) => row.subject,
      ),
    ).toEqual(['nickname:locked', 'nickname:recent']);
    expect(report.deleted).toMatchObject({
      refresh_sessions: 2,
      refresh_token_rotations: 1,
      used_captchas: 2,
      password_updates: 20,
      account_guard: 1,
    });
  });

  it('notifications: 90 days, 10,000 rows, deliveries 7 days once final, marks of existing users', async () => {
    // 5 notifications 91 days old, then 10,010 recent ones (ids grow with time).
    await sql`
      insert into notification (sender, title, description, event_time)
      select 'planner', 'old', 'd', ${NOW - 91 * DAY_MS}::bigint from generate_series(1, 5)`.execute(db());
    await sql`
      insert into notification (sender, title, description, event_time)
      select 'planner', 'n' || n, 'd', ${NOW - DAY_MS}::bigint + n from generate_series(1, 10010) as n`.execute(
      db(),
    );
    const newest = await db()
      .selectFrom('notification')
      .select('id')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    const [sentOld, sentRecent, pendingOld] = newest.map((row) => row.id);
    await sql`
      insert into notification_delivery (notification_id, state, updated_at) values
        (${sentOld}, 'sent', ${NOW - 8 * DAY_MS}), (${sentRecent}, 'failed', ${NOW - DAY_MS}),
        (${pendingOld}, 'pending', ${NOW - 30 * DAY_MS})`.execute(db());
    await sql`
      insert into notification_read_mark (user_id, last_read_id) values (${userId}, 1), (${GONE_USER}, 1)`.execute(
      db(),
    );

    await maintenance().run();

    expect(await count('notification')).toBe(10_000);
    expect(await count('notification', sql`title = 'old' or title in ('n1', 'n10')`)).toBe(0);
    expect(await count('notification', sql`title = 'n11'`)).toBe(1);
    expect(await db().selectFrom('notification_delivery').select('state').orderBy('state').execute()).toEqual(
      [{ state: 'failed' }, { state: 'pending' }],
    );
    expect(await db().selectFrom('notification_read_mark').select('user_id').execute()).toEqual([
      { user_id: userId },
    ]);
  });

  it('position prices: minutes older than 7 days before the newest merge into hours; money records stay', async () => {
    const position = await sql<{ id: string }>`
      insert into position (open) values (${T0}) returning id`.execute(db());
    const positionId = position.rows[0]!.id;
    await sql`
      insert into "transaction" (id, side, amount, status, attempts, event_time, client_order_id, logs,
        intent_kind, intent_level, intent_manual, position_id)
      values (1, 'BUY', '0.01', 'SUCCEEDED', 1, ${T0}, 'bal-1', '[]', 'increase', null, false, ${positionId})`.execute(
      db(),
    );
    await sql`
      insert into trade (position_id, transaction_id, side, time, price, amount, quote_amount, commission,
        commission_asset, source)
      values (${positionId}, 1, 'BUY', ${T0}, '30000', '0.01', '300', '0.3', 'QUOTE', 'manual')`.execute(
      db(),
    );
    // 10 days of minute candles: minute n closes at 30,000 + n (open = close − 0.25, ±0.5 wicks).
    await sql`
      insert into position_price (position_id, minute_time, open, high, low, close)
      select ${positionId}, ${T0}::bigint + n * ${MINUTE}::bigint, 30000 + n - 0.25, 30000 + n + 0.5,
        30000 + n - 0.5, 30000 + n
      from generate_series(0, 14399) as n`.execute(db());

    const first = await maintenance().run();

    // Newest minute 14,399; 7 days (10,080 min) before it is minute 4,319, whose hour starts at
    // minute 4,260: minutes 0–4,259 became 71 hourly candles, 14,400 − 4,260 = 10,140 stay.
    expect(await count('position_price')).toBe(71 + 10_140);
    expect(first.deleted.position_price).toBe(4_260 - 71);
    const hour = await db()
      .selectFrom('position_price')
      .select(['minute_time', 'open', 'high', 'low', 'close'])
      .where('minute_time', '=', String(T0 + 2 * HOUR_MS))
      .executeTakeFirstOrThrow();
    // Hour 2 = minutes 120–179: open of minute 120, highest high, lowest low, close of minute 179.
    expect(hour).toEqual({
      minute_time: String(T0 + 2 * HOUR_MS),
      open: '30119.75',
      high: '30179.5',
      low: '30119.5',
      close: '30179',
    });
    expect(await count('position_price', sql`minute_time = ${T0 + 2 * HOUR_MS + MINUTE}`)).toBe(0);
    // A second run finds nothing left to merge.
    expect((await maintenance().run()).deleted.position_price).toBe(0);
    expect([await count('position'), await count('trade'), await count('transaction')]).toEqual([1, 1, 1]);
  });

  it('crashes: the newest 1,000 records, and the points of the newest crashes up to 100,000', async () => {
    // 1,010 crashes an hour apart, 150 points each (151,500 points).
    await sql`
      insert into crash (id, start, "end", highest_points, final_points, reversal_event_time)
      select 'crash-' || (${T0}::bigint + n * ${HOUR_MS}::bigint), ${T0}::bigint + n * ${HOUR_MS}::bigint,
        ${T0}::bigint + n * ${HOUR_MS}::bigint + 30 * ${MINUTE}::bigint, 80, 60, null
      from generate_series(1, 1010) as n`.execute(db());
    await sql`
      insert into reversal_point (crash_id, time, total, liquidity, coins_quote, coins_base)
      select c.id, c.start + p * ${MINUTE}::bigint, 50, 10, 30, 10
      from crash c cross join generate_series(1, 150) as p`.execute(db());

    await maintenance().run();

    expect(await count('crash')).toBe(1_000);
    expect(await count('crash', sql`start <= ${T0 + 10 * HOUR_MS}`)).toBe(0);
    // Whole crashes, newest first, while the running total stays ≤ 100,000: 666 × 150 = 99,900.
    expect(await count('reversal_point')).toBe(99_900);
    expect(await count('reversal_point', sql`crash_id = ${`crash-${T0 + 1010 * HOUR_MS}`}`)).toBe(150);
  });

  it('vacuums and checkpoints on PGlite only, so a rewritten row reuses its dead space', async () => {
    const kind = ctx().handle.kind;
    const rewrite = async (times: number) => {
      for (let n = 0; n < times; n += 1) {
        // ~64 kB of random hex, which compression does not shrink much.
        await sql`
          insert into engine_runtime (key, value, updated_at)
          values ('test.bloat', to_jsonb((select string_agg(md5(random()::text || g.i), '')
            from generate_series(1, 2000) as g(i))), ${n})
          on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`.execute(
          db(),
        );
      }
    };
    const size = async () => {
      const result = await sql<{ bytes: string }>`
        select pg_total_relation_size('engine_runtime') as bytes`.execute(db());
      return Number(result.rows[0]!.bytes);
    };
    await rewrite(60);
    const report = await maintenance().run();
    const before = await size();
    await rewrite(60);
    const after = await size();
    if (kind === 'pglite') {
      expect(report.vacuumed).toEqual(
        expect.arrayContaining(['engine_runtime', 'api_error', 'position_price']),
      );
      // 60 more rewrites fill the space the first 60 left dead: the table does not double.
      expect(after).toBeLessThan(before * 1.5);
    } else {
      // PostgreSQL vacuums by itself (autovacuum): the task leaves it alone.
      expect(report.vacuumed).toEqual([]);
    }
  });
});
