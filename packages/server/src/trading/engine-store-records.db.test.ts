import {
  CodedError,
  DEFAULT_COINS_CONFIG,
  DEFAULT_LIQUIDITY_CONFIG,
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  DEFAULT_WINDOW_CONFIG,
  STRATEGY_TEMPLATES,
} from '@balancer/core';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/test-databases.js';
import { EngineSettingsService } from './settings.js';
import { exchangeTrade, MINUTE, T0, useTradingStore } from './test-support.js';

const codeOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(CodedError);
  return (error as CodedError).code;
};

describeEachDatabase('engine settings, runtime state and market records', (ctx) => {
  const trading = useTradingStore(ctx);
  let settings: EngineSettingsService;
  beforeAll(() => {
    settings = new EngineSettingsService(trading.platform, () => T0);
  });
  const db = () => ctx().handle.db;

  it('gives the defaults for settings never saved and the saved ones after', async () => {
    expect(await trading.store.settings()).toEqual({
      window: DEFAULT_WINDOW_CONFIG,
      liquidity: DEFAULT_LIQUIDITY_CONFIG,
      coins: DEFAULT_COINS_CONFIG,
      reversal: DEFAULT_REVERSAL_CONFIG,
      strategy: DEFAULT_STRATEGY_CONFIG,
    });
    const window = { ...DEFAULT_WINDOW_CONFIG, size: 256, interval: '1h' as const };
    expect(await settings.put('window', window)).toEqual(window);
    expect(await settings.putStrategy({ template: 'SWING_TRADER' })).toEqual(STRATEGY_TEMPLATES.SWING_TRADER);
    const read = await trading.store.settings();
    expect(read.window).toEqual(window);
    expect(read.strategy).toEqual(STRATEGY_TEMPLATES.SWING_TRADER);
    expect(read.coins).toEqual(DEFAULT_COINS_CONFIG);
    expect(await settings.get('window')).toEqual(window);
  });

  it('refuses a bad setting with its coded error and keeps the stored one', async () => {
    await settings.put('reversal', { ...DEFAULT_REVERSAL_CONFIG, pointsRequirement: 80 });
    const bad: Array<[Parameters<EngineSettingsService['put']>[0], unknown, number]> = [
      ['window', { ...DEFAULT_WINDOW_CONFIG, size: 127 }, 2500],
      ['window', { ...DEFAULT_WINDOW_CONFIG, requirement: 1, strongRequirement: 0.5 }, 2500],
      ['liquidity', { ...DEFAULT_LIQUIDITY_CONFIG, maxDistanceFromPrice: 0 }, 2501],
      ['coins', { ...DEFAULT_COINS_CONFIG, whitelist: ['ETH'] }, 2502],
      // 35 + 32.5 + 33 = 100.5 ≠ 100
      [
        'reversal',
        { ...DEFAULT_REVERSAL_CONFIG, weights: { liquidity: 35, coinsQuote: 32.5, coinsBase: 33 } },
        2503,
      ],
      ['strategy', { ...DEFAULT_STRATEGY_CONFIG, increaseAmountQuote: '99.99' }, 3500],
      ['strategy', { ...DEFAULT_STRATEGY_CONFIG, extra: true }, 3500],
    ];
    for (const [key, input, code] of bad) expect(await codeOf(settings.put(key, input)), key).toBe(code);
    expect(await codeOf(settings.putStrategy({ template: 'DAY_TRADER' }))).toBe(3556);
    expect(await codeOf(settings.putStrategy({ template: 'SCALPER', canIncrease: false }))).toBe(3500);
    const read = await trading.store.settings();
    expect(read.reversal.pointsRequirement).toBe(80);
    expect(read.strategy).toEqual(DEFAULT_STRATEGY_CONFIG);
  });

  it('reports a stored setting that no longer passes its checks as STORED_SETTING_INVALID', async () => {
    await sql`insert into engine_setting (key, value, updated_at)
      values ('liquidity', '{"maxDistanceFromPrice": 0}', ${T0})`.execute(db());
    expect(await codeOf(trading.store.settings())).toBe(3764);
  });

  it('keeps runtime state as JSON by key', async () => {
    expect(await trading.store.loadRuntime('coins')).toBeNull();
    const state = { windows: { ETH: [3300.5, 3301.25] }, since: T0, active: null };
    await trading.store.saveRuntime('coins', state);
    await trading.store.saveRuntime('crash', [1, 'two', { three: 3 }]);
    expect(await trading.store.loadRuntime('coins')).toEqual(state);
    expect(await trading.store.loadRuntime('crash')).toEqual([1, 'two', { three: 3 }]);
    await trading.store.saveRuntime('coins', { windows: {} });
    expect(await trading.store.loadRuntime('coins')).toEqual({ windows: {} });
    expect(await codeOf(trading.store.saveRuntime('', 1))).toBe(3551);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await codeOf(trading.store.saveRuntime('cyclic', cyclic))).toBe(3551);
  });

  it('records crashes and at most one reversal point per minute, the last', async () => {
    const crash = {
      id: `crash-${T0}`,
      start: T0,
      end: T0 + 360 * MINUTE,
      highestPoints: 42.5,
      finalPoints: 42.5,
      reversalEventTime: null,
    };
    await trading.store.saveCrash(crash);
    await trading.store.saveCrash({
      ...crash,
      highestPoints: 80,
      finalPoints: 79,
      reversalEventTime: T0 + 5 * MINUTE,
    });
    const point = { time: T0 + 5_000, total: 30, liquidity: 10, coinsQuote: 10, coinsBase: 10 };
    await trading.store.recordReversalPoint(crash.id, point);
    await trading.store.recordReversalPoint(crash.id, {
      ...point,
      time: T0 + 45_000,
      total: 35,
      liquidity: 15,
    });
    await trading.store.recordReversalPoint(crash.id, { ...point, time: T0 + MINUTE, total: 40 });
    expect(await db().selectFrom('crash').selectAll().execute()).toEqual([
      {
        id: crash.id,
        start: String(T0),
        end: String(T0 + 360 * MINUTE),
        highest_points: 80,
        final_points: 79,
        reversal_event_time: String(T0 + 5 * MINUTE),
      },
    ]);
    const points = await db().selectFrom('reversal_point').selectAll().orderBy('time').execute();
    expect(points.map((row) => [Number(row.time), row.total, row.liquidity])).toEqual([
      [T0, 35, 15], // T0 + 5 s and T0 + 45 s fall in the minute of T0: the last is kept
      [T0 + MINUTE, 40, 10],
    ]);
    expect(await codeOf(trading.store.recordReversalPoint('crash-1', point))).toBe(3763);
    expect(await codeOf(trading.store.recordReversalPoint('crash-x', point))).toBe(3551);
    expect(await codeOf(trading.store.saveCrash({ ...crash, highestPoints: Number.NaN }))).toBe(3551);
  });

  it("keeps a position's price as one OHLC per minute", async () => {
    const { opened } = await trading.store.addExchangeTrades([
      exchangeTrade('4001', 'BUY', T0, '95000', '0.001'),
    ]);
    const id = opened[0]!;
    // Minute T0: 95,000 → 95,210.5 → 94,990 → 95,100; minute T0 + 1: one price.
    for (const [time, price] of [
      [T0 + 1_000, '95000'],
      [T0 + 20_000, '95210.5'],
      [T0 + 40_000, '94990'],
      [T0 + 59_999, '95100.00'],
      [T0 + MINUTE, '95120'],
    ] as const)
      await trading.store.recordPositionPrice(id, time, price);
    const rows = await db().selectFrom('position_price').selectAll().orderBy('minute_time').execute();
    expect(
      rows.map(({ minute_time, open, high, low, close }) => [Number(minute_time), open, high, low, close]),
    ).toEqual([
      [T0, '95000', '95210.5', '94990', '95100'],
      [T0 + MINUTE, '95120', '95120', '95120', '95120'],
    ]);
    expect(await codeOf(trading.store.recordPositionPrice('999999', T0, '95000'))).toBe(3760);
    expect(await codeOf(trading.store.recordPositionPrice(id, T0, '-1'))).toBe(3551);
    expect(await codeOf(trading.store.recordPositionPrice('abc', T0, '1'))).toBe(3551);
  });
});
