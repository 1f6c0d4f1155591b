import { parseCodedMessage, serverHistorySchema } from '@balancer/core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../db/retention.js';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { HOUR_SPAN_MS, MINUTE_SPAN_MS, readHistory } from './history-repository.js';
import type { ServerMonitor } from './monitor.js';
import { pruneServerHistory } from './retention.js';
import { monitorOf, readingAt } from './test-readings.js';

const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);
const MINUTE_MS = 60_000;
/** A wall time on an hour boundary plus 30 minutes, so the buckets below are easy to name. */
const NOW = 1_800_000_000_000 - (1_800_000_000_000 % HOUR_MS) + 30 * MINUTE_MS;

describeEachDatabase('server history: samples, the bounded read and retention', (ctx) => {
  let ops: ReadyOpsApp;
  let monitor: ServerMonitor;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle);
    monitor = monitorOf(ops.services);
  });
  afterAll(() => ops.app.close());
  beforeEach(async () => {
    await ctx().handle.db.deleteFrom('server_sample').execute();
  });
  const db = () => ctx().handle.db;
  const minuteRow = (at: number, cpu: number, disk: number | null = 40) => ({
    span_ms: MINUTE_SPAN_MS,
    sampled_at: at,
    cpu,
    memory: 50,
    disk,
  });

  it('keeps every sample and answers the last 6 hours per minute, to authority 2, in the contract', async () => {
    const now = ops.services.clock.wallNow();
    await monitor.record(readingAt(10, 50, 40), now - 2 * MINUTE_MS);
    await monitor.record(readingAt(20.04, 60, 41), now - MINUTE_MS);
    // Seven hours ago: outside the 6 h range.
    await monitor.record(readingAt(99, 99, 99), now - 7 * HOUR_MS);
    const { body } = await ops.call({ method: 'GET', url: '/server/history', headers: asUser(2) });
    expect(body.error).toBeNull();
    const history = serverHistorySchema.parse(body.data);
    expect(history.range).toBe('6h');
    expect(history.bucketMs).toBe(MINUTE_MS);
    expect(history.points.map((p) => [p.cpu, p.memory, p.disk])).toEqual([
      [10, 50, 40],
      [20, 60, 41],
    ]);
    expect(
      codeOf((await ops.call({ method: 'GET', url: '/server/history', headers: asUser(1) })).body.error),
    ).toBe(4002);
    for (const url of [
      '/server/history?range=1y',
      '/server/history?range=',
      '/server/history?range=6h&range=30d',
    ]) {
      const bad = await ops.call({ method: 'GET', url, headers: asUser(2) });
      expect(bad.res.statusCode, url).toBe(200);
      expect(codeOf(bad.body.error), url).toBe(6503);
    }
  });

  it('averages 10-minute buckets over 48 hours, at most 289 points however many rows', async () => {
    // Two samples a minute (two servers on one database) for 50 hours: 6,000 rows.
    const rows = Array.from({ length: 6_000 }, (_, i) =>
      minuteRow(NOW - 50 * HOUR_MS + Math.floor(i / 2) * MINUTE_MS + (i % 2), i % 2 === 0 ? 10 : 30),
    );
    for (let start = 0; start < rows.length; start += 1_000) {
      await db()
        .insertInto('server_sample')
        .values(rows.slice(start, start + 1_000))
        .execute();
    }
    const history = await readHistory(db(), '48h', NOW);
    expect(history.points.length).toBeLessThanOrEqual(48 * 6 + 1);
    expect(history.points.length).toBeGreaterThan(48 * 6 - 1);
    // Each bucket averages 10 and 30.
    expect(new Set(history.points.map((p) => p.cpu))).toEqual(new Set([20]));
    expect(history.points.every((p) => p.at % (10 * MINUTE_MS) === 0)).toBe(true);
  });

  it('merges minutes older than 48 hours into hourly averages, drops rows past 30 days, and is idempotent', async () => {
    const hourStart = NOW - 30 * MINUTE_MS - 50 * HOUR_MS; // an hour wholly older than 48 h
    await db()
      .insertInto('server_sample')
      .values([
        minuteRow(hourStart, 10, 40),
        minuteRow(hourStart + MINUTE_MS, 20, null), // avg ignores a missing disk
        minuteRow(hourStart + 59 * MINUTE_MS, 30, 50),
        minuteRow(NOW - 47 * HOUR_MS, 70), // within 48 h: kept as it is
        { span_ms: HOUR_SPAN_MS, sampled_at: NOW - 31 * DAY_MS, cpu: 1, memory: 1, disk: 1 }, // past 30 days
      ])
      .execute();
    // Removed: the three minutes (one hourly row added) and the 31-day-old row: 3 + 1.
    expect(await pruneServerHistory(db(), NOW)).toBe(4);
    const rows = await db().selectFrom('server_sample').selectAll().orderBy('sampled_at').execute();
    expect(rows.map((r) => [r.span_ms, Number(r.sampled_at), r.cpu, r.disk])).toEqual([
      [HOUR_SPAN_MS, hourStart, 20, 45], // (10 + 20 + 30) / 3, (40 + 50) / 2
      [MINUTE_SPAN_MS, NOW - 47 * HOUR_MS, 70, 40],
    ]);
    expect(await pruneServerHistory(db(), NOW)).toBe(0);
    const month = await readHistory(db(), '30d', NOW);
    expect(month.points.map((p) => [p.at, p.cpu])).toEqual([
      [hourStart, 20],
      [NOW - 47 * HOUR_MS - ((NOW - 47 * HOUR_MS) % HOUR_MS), 70],
    ]);
  });
});
