import { type CodedError, parseCodedMessage } from '@balancer/core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { ServerMonitor } from './monitor.js';
import { hostReader } from './reader.js';
import { monitorOf, readingAt } from './test-readings.js';

const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);
const GIB = 1024 ** 3;

describeEachDatabase('server monitor routes and alarms', (ctx) => {
  let ops: ReadyOpsApp;
  let monitor: ServerMonitor;
  let seenId = 0;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle);
    monitor = monitorOf(ops.services);
  });
  afterAll(() => ops.app.close());
  beforeEach(async () => {
    await ctx().handle.db.deleteFrom('server_alarms').execute();
    // A calm reading re-arms every alarm a previous test raised; only later notifications count.
    await monitor.record(readingAt(1, 1, 1), 0);
    seenId = (await newNotifications()).reduce((max, n) => Math.max(max, n.id), seenId);
  });

  async function newNotifications() {
    const rows = await ctx()
      .handle.db.selectFrom('notification')
      .select(['id', 'sender', 'title', 'event_time'])
      .where('id', '>', String(seenId))
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id), event_time: Number(row.event_time) }));
  }
  const newTitles = async () => (await newNotifications()).map((n) => n.title);
  const get = (url: string, authority: 1 | 2 = 2) =>
    ops.call({ method: 'GET', url, headers: asUser(authority) });
  const putAlarms = (payload?: unknown, headers = asUser(3, true)) =>
    ops.call({
      method: 'PUT',
      url: '/server/alarms',
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('shows the latest fed sample with the process facts', async () => {
    await monitor.record(readingAt(12.34, 50, 40), 1_700_000_000_000);
    const { body } = await get('/server');
    expect(body.error).toBeNull();
    expect(body.data).toEqual({
      uptime: 86_400,
      cpu: { load: 12.3, loadAverage: [0.5, 0.25, 0.13] }, // 0.125 rounds half up to 0.13
      memory: { total: 16 * GIB, used: 8 * GIB, percent: 50 },
      disk: { mount: '/', size: 100 * GIB, used: 40 * GIB, percent: 40 },
      sampledAt: 1_700_000_000_000,
      process: {
        nodeVersion: process.version,
        platform: process.platform,
        arch: process.arch,
        rss: expect.any(Number),
        uptime: expect.any(Number),
        databaseKind: ctx().handle.kind,
      },
    });
    expect(codeOf((await get('/server', 1)).body.error)).toBe(4002);
  });

  it('gives the default thresholds, replaces them and refuses writes without authority or code', async () => {
    expect((await get('/server/alarms')).body).toEqual({
      success: true,
      data: { cpu: 75, memory: 75, disk: 80 },
      error: null,
    });
    const next = { cpu: 30, memory: 99, disk: 90 };
    expect((await putAlarms({ newConfig: next })).body).toEqual({ success: true, data: next, error: null });
    expect((await get('/server/alarms')).body.data).toEqual(next);
    expect(codeOf((await putAlarms({ newConfig: next }, asUser(2, true))).body.error)).toBe(4002);
    expect(codeOf((await putAlarms({ newConfig: next }, asUser(3))).body.error)).toBe(4003);
    expect(codeOf((await get('/server/alarms', 1)).body.error)).toBe(4002);
  });

  it('refuses each bad alarms body with 6503 naming the field, and stores nothing', async () => {
    const bad: Array<[unknown, string]> = [
      [{ newConfig: { cpu: 29, memory: 75, disk: 80 } }, 'newConfig.cpu'],
      [{ newConfig: { cpu: 75, memory: 100, disk: 80 } }, 'newConfig.memory'],
      [{ newConfig: { cpu: 75, memory: 75, disk: 80.5 } }, 'newConfig.disk'],
      [{ newConfig: { cpu: 75, memory: 75 } }, 'newConfig.disk'],
      [{ newConfig: { cpu: 75, memory: 75, disk: 80, swap: 50 } }, 'swap'],
      [{ newConfig: { cpu: '75', memory: 75, disk: 80 } }, 'newConfig.cpu'],
      [{ newConfig: { cpu: null, memory: 75, disk: 80 } }, 'newConfig.cpu'],
      [{ newConfig: [75, 75, 80] }, 'newConfig'],
      [{ newConfig: 'high' }, 'newConfig'],
      [{ config: { cpu: 75, memory: 75, disk: 80 } }, 'config'],
      [{}, 'newConfig'],
    ];
    for (const [payload, field] of bad) {
      const { res, body } = await putAlarms(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(codeOf(body.error), JSON.stringify(payload)).toBe(6503);
      expect(body.error, JSON.stringify(payload)).toContain(field);
    }
    // No body at all: refused before the handler too, never a 500.
    const empty = await putAlarms();
    expect(empty.res.statusCode).toBe(200);
    expect(codeOf(empty.body.error)).toBe(6503);
    expect(await ctx().handle.db.selectFrom('server_alarms').selectAll().execute()).toEqual([]);
    expect((await get('/server/alarms')).body.data).toEqual({ cpu: 75, memory: 75, disk: 80 });
  });

  it('notifies once per crossing, re-arms after recovery, and uses a changed threshold at once', async () => {
    await monitor.record(readingAt(80, 10, 10), 1_000); // CPU 80 ≥ 75: raised
    await monitor.record(readingAt(95, 10, 10), 2_000); // still up: no repeat
    await monitor.record(readingAt(71, 10, 10), 3_000); // 71 is not below 75 − 5: no recovery
    await monitor.record(readingAt(76, 10, 10), 4_000);
    expect(await newNotifications()).toEqual([
      {
        id: expect.any(Number),
        sender: 'server',
        title: 'CPU load is 80 % (alarm at 75 %)',
        event_time: 1_000,
      },
    ]);
    await monitor.record(readingAt(60, 10, 10), 5_000); // below 70: recovered
    await monitor.record(readingAt(77, 10, 10), 6_000); // raised again
    expect(await newTitles()).toEqual([
      'CPU load is 80 % (alarm at 75 %)',
      'CPU load is back to 60 % (alarm at 75 %)',
      'CPU load is 77 % (alarm at 75 %)',
    ]);

    // Disk at 85 % is under a 90 % threshold saved just before the sample: no alarm.
    expect((await putAlarms({ newConfig: { cpu: 75, memory: 40, disk: 90 } })).body.error).toBeNull();
    await monitor.record(readingAt(77, 45, 85), 7_000);
    expect((await newTitles()).slice(3)).toEqual(['Memory use is 45 % (alarm at 40 %)']);
    await putAlarms({ newConfig: { cpu: 75, memory: 40, disk: 85 } });
    await monitor.record(readingAt(77, 45, 85), 8_000);
    expect((await newTitles()).slice(4)).toEqual(['Disk use on / is 85 % (alarm at 85 %)']);
  });

  it('takes a real sample of this machine when none was taken yet', async () => {
    const fresh = new ServerMonitor({
      reader: hostReader(),
      thresholds: async () => ({ cpu: 99, memory: 99, disk: 99 }),
      notify: async () => {},
      logger: createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() }),
    });
    const sample = await fresh.latest().catch((error: CodedError) => error);
    if (sample instanceof Error) throw sample;
    expect(sample.uptime).toBeGreaterThan(0);
    expect(sample.memory.total).toBeGreaterThan(0);
    expect(sample.memory.percent).toBeGreaterThan(0);
    expect(sample.cpu.load).toBeGreaterThanOrEqual(0);
    expect(sample.cpu.load).toBeLessThanOrEqual(100);
    expect(sample.disk?.size).toBeGreaterThan(0);
  });
});
