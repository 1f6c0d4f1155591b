import { CodedError } from '@balancer/core';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { DAY_MS } from '../../db/retention.js';
import { Platform } from '../../platform/platform.js';
import { capturingLogger } from '../../testing/capturing-logger.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { API_ERROR_LIMITS, apiErrorRetention, capApiErrors } from './retention.js';
import { ApiErrorLog, ROWS_PER_MINUTE } from './service.js';

const NOW = Date.UTC(2026, 10, 1, 12, 0, 30);

/** An anonymous refused request with a fat body, as fastify hands it to the log. */
function refused(ip: string, route = '/auth/jwt/sign-in'): FastifyRequest {
  return {
    routeOptions: { url: route, schema: {} },
    url: route,
    method: 'POST',
    authUser: null,
    ip,
    body: { filler: 'x'.repeat(90_000) },
    query: {},
    params: {},
  } as unknown as FastifyRequest;
}

describeEachDatabase('API error log bounds', (ctx) => {
  const db = () => ctx().handle.db;
  const rows = async () =>
    db().selectFrom('api_error').select(['id', 'ip', 'repeats', 'args']).orderBy('id').execute();
  let clock = NOW;
  const log = (lines: string[] = []) => {
    const platform = new Platform();
    platform.markReady(ctx().handle);
    return new ApiErrorLog(platform, capturingLogger({ lines }).logger, () => clock);
  };

  beforeEach(async () => {
    clock = NOW;
    await db().deleteFrom('api_error').execute();
  });

  it('collapses the same error from the same IP within a minute into one row with a count', async () => {
    const errors = log();
    for (let n = 0; n < 1_000; n += 1) {
      errors.record(refused('203.0.113.7'), new CodedError('INVALID_REQUEST', 'body.nickname: missing'));
      clock += 10; // 1,000 requests in 10 s
    }
    await errors.flush();
    expect(await rows()).toEqual([{ id: expect.any(String), ip: '203.0.113.7', repeats: 1_000, args: null }]);
    // A minute later the same error is a new row.
    clock += 60_000;
    errors.record(refused('203.0.113.7'), new CodedError('INVALID_REQUEST'));
    await errors.flush();
    expect((await rows()).map((row) => row.repeats)).toEqual([1_000, 1]);
  });

  it('writes at most ROWS_PER_MINUTE rows a minute, and logs how many it left out', async () => {
    const lines: string[] = [];
    const errors = log(lines);
    // A flood from 1,000 addresses: no two requests collapse.
    for (let n = 0; n < 1_000; n += 1) {
      errors.record(refused(`198.51.${n >> 8}.${n & 255}`), new CodedError('INVALID_REQUEST'));
    }
    await errors.flush();
    expect(await rows()).toHaveLength(ROWS_PER_MINUTE);
    // 1,000 − 60 = 940 left out.
    expect(lines.join('\n')).toContain('"dropped":940');
    clock += 60_000;
    errors.record(refused('192.0.2.1'), new CodedError('INVALID_REQUEST'));
    await errors.flush();
    expect(await rows()).toHaveLength(ROWS_PER_MINUTE + 1);
  });

  it('caps the table at its newest maxRows rows and maxBytes, and drops rows older than 30 days', async () => {
    const insert = (count: number, args: string, eventTime: number) =>
      sql`
      insert into api_error (route, url, method, ip, error, code, args, event_time)
      select '/x', '/x', 'POST', '192.0.2.1', 'e{(6503)}', 6503, ${args}::jsonb, ${eventTime}::bigint
      from generate_series(1, ${count})`.execute(db());
    // 30 rows 31 days old, then maxRows + 50 fresh ones.
    await insert(30, 'null', NOW - 31 * DAY_MS);
    await insert(API_ERROR_LIMITS.maxRows + 50, 'null', NOW);
    const newest = (await rows()).at(-1)!.id;
    expect(await capApiErrors(db(), NOW)).toBe(80);
    const kept = await rows();
    expect(kept).toHaveLength(API_ERROR_LIMITS.maxRows);
    expect(kept.at(-1)!.id).toBe(newest);

    // 100 rows of ~96 kB of random hex each (~9.6 MB, which compression does not shrink much):
    // cut to at most maxBytes, newest first.
    await db().deleteFrom('api_error').execute();
    await sql`
      insert into api_error (route, url, method, ip, error, code, args, event_time)
      select '/x', '/x', 'POST', '192.0.2.1', 'e{(6503)}', 6503,
        jsonb_build_object('fat', (select string_agg(md5(random()::text || g.i), '') from generate_series(1, 3000) as g(i))),
        ${NOW}::bigint
      from generate_series(1, 100) as n`.execute(db());
    await apiErrorRetention.apply(db(), NOW);
    const size = await sql<{ bytes: string; count: string }>`
      select coalesce(sum(pg_column_size(api_error.*)), 0) as bytes, count(*) as count from api_error`.execute(
      db(),
    );
    expect(Number(size.rows[0]!.bytes)).toBeLessThanOrEqual(API_ERROR_LIMITS.maxBytes);
    expect(Number(size.rows[0]!.count)).toBeGreaterThan(0);
    expect(Number(size.rows[0]!.count)).toBeLessThan(100);
  });
});
