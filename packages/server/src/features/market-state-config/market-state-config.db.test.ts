import {
  DEFAULT_COINS_CONFIG,
  DEFAULT_LIQUIDITY_CONFIG,
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_WINDOW_CONFIG,
  parseCodedMessage,
} from '@balancer/core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { DatabaseEngineStore } from '../../trading/engine-store.js';
import { ASSETS, MINUTE, resetTrading, T0 } from '../../trading/test-support.js';

const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);

const DEFAULTS = {
  window: DEFAULT_WINDOW_CONFIG,
  liquidity: DEFAULT_LIQUIDITY_CONFIG,
  coins: DEFAULT_COINS_CONFIG,
  reversal: DEFAULT_REVERSAL_CONFIG,
} as const;

describeEachDatabase('market-state config and reversal records', (ctx) => {
  let ops: ReadyOpsApp;
  let store: DatabaseEngineStore;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle);
    store = new DatabaseEngineStore(ops.platform, ASSETS);
  });
  afterAll(() => ops.app.close());
  beforeEach(() => resetTrading(ctx().handle.db));

  const get = (url: string, authority: 1 | 2 = 2) =>
    ops.call({ method: 'GET', url, headers: asUser(authority) });
  const put = (key: string, payload: unknown) =>
    ops.call({
      method: 'PUT',
      url: `/market-state/${key}/config`,
      payload: payload as object,
      headers: asUser(3, true),
    });

  it('gives each default config, replaces it and gives the new one', async () => {
    for (const [key, defaults] of Object.entries(DEFAULTS)) {
      expect((await get(`/market-state/${key}/config`)).body).toEqual({
        success: true,
        data: defaults,
        error: null,
      });
    }
    const window = { ...DEFAULT_WINDOW_CONFIG, size: 200, requirement: 0.05, strongRequirement: 1 };
    const reversal = {
      ...DEFAULT_REVERSAL_CONFIG,
      weights: { liquidity: 40, coinsQuote: 30, coinsBase: 30 },
    };
    expect((await put('window', { newConfig: window })).body).toEqual({
      success: true,
      data: window,
      error: null,
    });
    expect((await put('reversal', { newConfig: reversal })).body.data).toEqual(reversal);
    expect((await get('/market-state/window/config')).body.data).toEqual(window);
    expect((await get('/market-state/reversal/config')).body.data).toEqual(reversal);
    expect((await store.settings()).window).toEqual(window);
  });

  it('refuses bad configs with a coded error and changes nothing', async () => {
    const bad: Array<[string, unknown]> = [
      ['window', { newConfig: { ...DEFAULT_WINDOW_CONFIG, size: 513 } }],
      ['window', { newConfig: { ...DEFAULT_WINDOW_CONFIG, interval: '2m' } }],
      ['window', { config: DEFAULT_WINDOW_CONFIG }],
      ['window', {}],
      [
        'liquidity',
        { newConfig: { ...DEFAULT_LIQUIDITY_CONFIG, intensityWeights: { 1: 0, 2: 3, 3: 6, 4: 9 } } },
      ],
      ['coins', { newConfig: { ...DEFAULT_COINS_CONFIG, limit: 25 } }],
      ['coins', { newConfig: { ...DEFAULT_COINS_CONFIG, whitelist: ['BTC', 'BTC'] } }],
      // 50 + 30 + 30 = 110 ≠ 100
      [
        'reversal',
        {
          newConfig: {
            ...DEFAULT_REVERSAL_CONFIG,
            weights: { liquidity: 50, coinsQuote: 30, coinsBase: 30 },
          },
        },
      ],
      ['reversal', { newConfig: { ...DEFAULT_REVERSAL_CONFIG, crashDuration: 4 } }],
    ];
    for (const [key, payload] of bad) {
      const { body } = await put(key, payload);
      expect(codeOf(body.error), `${key} ${JSON.stringify(payload)}`).toBe(6503);
    }
    expect(await ctx().handle.db.selectFrom('engine_setting').selectAll().execute()).toEqual([]);
  });

  it('lets authority 2 read, authority 3 with a one-time code write, and nobody less', async () => {
    expect(codeOf((await get('/market-state/coins/config', 1)).body.error)).toBe(4002);
    const payload = { newConfig: DEFAULT_COINS_CONFIG };
    const low = await ops.call({
      method: 'PUT',
      url: '/market-state/coins/config',
      payload,
      headers: asUser(2, true),
    });
    expect(codeOf(low.body.error)).toBe(4002);
    const noCode = await ops.call({
      method: 'PUT',
      url: '/market-state/coins/config',
      payload,
      headers: asUser(3),
    });
    expect(codeOf(noCode.body.error)).toBe(4003);
    expect(await ctx().handle.db.selectFrom('engine_setting').selectAll().execute()).toEqual([]);
  });

  it('lists crash records newest first and gives a crash reversal history', async () => {
    // Three crashes a day apart; the second fired its reversal event after 90 minutes.
    const DAY = 1_440 * MINUTE;
    for (const day of [0, 1, 2]) {
      await store.saveCrash({
        id: `crash-${T0 + day * DAY}`,
        start: T0 + day * DAY,
        end: T0 + day * DAY + 360 * MINUTE,
        highestPoints: 50 + day * 10,
        finalPoints: 40,
        reversalEventTime: day === 1 ? T0 + DAY + 90 * MINUTE : null,
      });
    }
    const first = await get('/market-state/reversal/records?limit=2', 1);
    expect(first.body.data).toEqual([
      {
        id: `crash-${T0 + 2 * DAY}`,
        start: T0 + 2 * DAY,
        end: T0 + 2 * DAY + 360 * MINUTE,
        highest_points: 70, // 50 + 2 × 10
        final_points: 40,
        reversal_event_time: null,
      },
      expect.objectContaining({ id: `crash-${T0 + DAY}`, reversal_event_time: T0 + DAY + 90 * MINUTE }),
    ]);
    const next = await get(`/market-state/reversal/records?limit=2&startAtEventTime=${T0 + DAY}`, 1);
    expect((next.body.data as Array<{ id: string }>).map((crash) => crash.id)).toEqual([`crash-${T0}`]);

    const crashId = `crash-${T0 + DAY}`;
    await store.recordReversalPoint(crashId, {
      time: T0 + DAY + 30_000,
      total: 61.5,
      liquidity: 29,
      coinsQuote: 20,
      coinsBase: 12.5,
    });
    await store.recordReversalPoint(crashId, {
      time: T0 + DAY + MINUTE,
      total: 78.5,
      liquidity: 35,
      coinsQuote: 26,
      coinsBase: 17.5,
    });
    expect((await get(`/market-state/reversal/event-history/${crashId}`, 1)).body.data).toEqual({
      id: [T0 + DAY, T0 + DAY + MINUTE], // the first point was at 30 s into the minute of T0 + DAY
      total: [61.5, 78.5],
      liquidity: [29, 35],
      coins_quote: [20, 26],
      coins_base: [12.5, 17.5],
    });
  });

  it('answers bad queries and missing crashes with coded errors', async () => {
    for (const url of [
      '/market-state/reversal/records',
      '/market-state/reversal/records?limit=31',
      '/market-state/reversal/records?limit=5&startAtEventTime=-1',
      '/market-state/reversal/event-history/1767225600000',
      '/market-state/reversal/event-history/crash-abc',
    ]) {
      expect(codeOf((await get(url, 1)).body.error), url).toBe(6503);
    }
    expect(codeOf((await get('/market-state/reversal/event-history/crash-1', 1)).body.error)).toBe(3763);
    expect(
      codeOf((await ops.call({ method: 'GET', url: '/market-state/reversal/records?limit=5' })).body.error),
    ).toBe(4252);
  });
});
