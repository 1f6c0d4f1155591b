import { CodedError, equitySample, parseCodedMessage } from '@balancer/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { StorageMaintenance } from '../features/storage/index.js';
import { RETENTION_RULES } from '../platform/retention-rules.js';
import { capturingLogger } from '../testing/capturing-logger.js';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../testing/ready-app-ops.js';
import { describeEachDatabase } from '../testing/test-databases.js';
import { DatabaseEngineStore } from './engine-store.js';
import { MARKET_HISTORY_LIMITS } from './retention.js';
import { ASSETS, MINUTE, resetTrading } from './test-support.js';

const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The market's now: a whole day, so buckets line up with it. */
const NOW = 1_767_225_600_000;

describeEachDatabase('equity history', (ctx) => {
  let ops: ReadyOpsApp;
  let store: DatabaseEngineStore;
  beforeAll(async () => {
    // The market clock apart from the wall: the range ends at market time (replay on the simulator).
    ops = await buildReadyOpsApp(ctx().handle, { clock: { wallNow: Date.now, marketNow: () => NOW } });
    store = new DatabaseEngineStore(ops.platform, ASSETS);
  });
  afterAll(() => ops.app.close());
  beforeEach(() => resetTrading(ctx().handle.db));

  const get = (url: string, authority?: 1 | 2) =>
    ops.call({ method: 'GET', url, ...(authority ? { headers: asUser(authority) } : {}) });
  const rows = () =>
    ctx()
      .handle.db.selectFrom('equity_sample')
      .select(['minute_time', 'quote', 'base', 'price', 'equity'])
      .orderBy('minute_time')
      .execute();

  it('keeps the last sample of a minute and derives the equity itself', async () => {
    await store.recordEquity(equitySample(NOW - MINUTE + 1_000, '100', '0.001', '90000'));
    await store.recordEquity({
      ...equitySample(NOW - MINUTE + 30_000, '100.5', '0.001', '91000'),
      equity: '1',
    });
    expect(await rows()).toEqual([
      { minute_time: String(NOW - MINUTE), quote: '100.50', base: '0.001', price: '91000', equity: '191.50' },
    ]);
  });

  it('refuses a sample that is not one', async () => {
    const good = equitySample(NOW, '1', '0', '1');
    for (const bad of [
      { ...good, quote: '-1' },
      { ...good, price: 'abc' },
      { ...good, time: -5 },
    ]) {
      const error = await store.recordEquity(bad).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(CodedError);
      const code = (error as CodedError).code;
      expect(code, JSON.stringify(bad)).toBe(3551);
    }
    expect(await rows()).toEqual([]);
  });

  it('answers the last sample of each bucket before market now, bounded, at authority 1', async () => {
    // Two days of minutes before NOW, and one sample after it (the replay's future: left out).
    await sql`
      insert into equity_sample (minute_time, quote, base, price, equity)
      select ${NOW}::bigint - n * ${MINUTE}::bigint, 1000, 0.01, 90000 + n, 1000 + (90000 + n) * 0.01
      from generate_series(0, 2879) as n`.execute(ctx().handle.db);
    await store.recordEquity(equitySample(NOW + MINUTE, '1', '0', '1'));

    const day = await get('/position/equity?range=24h', 1);
    expect(day.body.success).toBe(true);
    const history = day.body.data as {
      range: string;
      bucketMs: number;
      points: { at: number; equity: string }[];
    };
    expect(history.range).toBe('24h');
    expect(history.bucketMs).toBe(5 * MINUTE);
    // 24 h of 5-minute buckets ending at NOW's own bucket: 288 + 1.
    expect(history.points).toHaveLength(289);
    expect(history.points.at(-1)).toEqual({
      at: NOW,
      quote: '1000',
      base: '0.01',
      price: '90000',
      equity: '1900.00',
    });
    // Each bucket's last sample: the bucket starting a day before NOW has its 4th minute last.
    expect(history.points[0]!.at).toBe(NOW - DAY + 4 * MINUTE);
    const ats = history.points.map((point) => point.at);
    expect(ats).toEqual([...ats].sort((a, b) => a - b));

    // The default range is 24 h; the 2 y range holds one point per 2 days.
    expect(((await get('/position/equity', 1)).body.data as { range: string }).range).toBe('24h');
    const long = (await get('/position/equity?range=2y', 1)).body.data as { points: unknown[] };
    expect(long.points.length).toBeLessThanOrEqual(366);
  });

  it('says no to bad input and to callers without a session', async () => {
    for (const range of ['1h', '', '24H', '7d,90d']) {
      expect(codeOf((await get(`/position/equity?range=${range}`, 1)).body.error), range).toBe(6503);
    }
    expect(codeOf((await get('/position/equity?range=7d')).body.error)).toBe(4252);
  });

  it('retention: minutes for 7 days before the newest, then the last of each hour, for 2 years', async () => {
    // 10 days of minutes, sample n valued 1000 + n, and one sample 3 years back.
    const start = NOW - 10 * DAY;
    await sql`
      insert into equity_sample (minute_time, quote, base, price, equity)
      select ${start}::bigint + n * ${MINUTE}::bigint, 1000 + n, 0, 1, 1000 + n
      from generate_series(0, 14399) as n`.execute(ctx().handle.db);
    await store.recordEquity(equitySample(start - 3 * 365 * DAY, '5', '0', '1'));
    const rules = new StorageMaintenance({
      platform: ops.platform,
      rules: RETENTION_RULES,
      logger: capturingLogger().logger,
      now: () => NOW,
    });
    const first = await rules.run();
    // Newest minute 14,399; 7 days (10,080) before it is minute 4,319 in hour 71 (from minute
    // 4,260): minutes 0–4,259 became 71 hourly rows, 10,140 minutes stay; the old one is gone.
    const kept = await rows();
    expect(kept).toHaveLength(71 + 10_140);
    expect(first.deleted.equity_sample).toBe(4_260 - 71 + 1);
    // Hour 2 = minutes 120–179: its last sample, at the hour's start.
    expect(kept.find((row) => row.minute_time === String(start + 2 * HOUR))).toMatchObject({
      equity: '1179',
    });
    expect(kept.some((row) => row.minute_time === String(start + 2 * HOUR + MINUTE))).toBe(false);
    expect((await rules.run()).deleted.equity_sample).toBe(0);
    expect(MARKET_HISTORY_LIMITS.equityHoursMs).toBe(730 * DAY);
  });
});
