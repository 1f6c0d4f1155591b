import { beforeAll, expect, it } from 'vitest';
import { API_VERSION } from '../../shared/api-version.js';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { call } from '../accounts/test-support.js';
import { type Operator, signedInOperator } from './test-support.js';

// The reads of the last tick on the simulator: balances, the market state routes and the
// app essentials, in the shapes the client reads.

const SPLITS = ['s100', 's75', 's50', 's25', 's15', 's10', 's5', 's2'];
const STATES = [-2, -1, 0, 1, 2];

/** A window state: a state and the 8 split states with their changes. */
function expectWindowState(value: unknown): void {
  const { state, splitStates } = value as { state: number; splitStates: Record<string, unknown> };
  expect(STATES).toContain(state);
  expect(Object.keys(splitStates).sort()).toEqual([...SPLITS].sort());
  for (const split of Object.values(splitStates)) {
    expect(split).toEqual({ state: expect.any(Number), change: expect.any(Number) });
    expect(STATES).toContain((split as { state: number }).state);
  }
}

/** Parallel candle arrays of `size` candles, oldest first. */
function expectWindow(window: Record<string, number[]>, size: number): void {
  expect(Object.keys(window).sort()).toEqual(['close', 'high', 'id', 'low', 'open']);
  for (const series of Object.values(window)) expect(series).toHaveLength(size);
  expect([...window.id!].sort((a, b) => a - b)).toEqual(window.id);
  window.high!.forEach((high, i) => {
    expect(high).toBeGreaterThanOrEqual(Math.max(window.open![i]!, window.close![i]!, window.low![i]!));
  });
}

function expectCoinsFamily(value: unknown): void {
  const family = value as { state: number; statesBySymbol: Record<string, unknown> };
  expect(Object.keys(family).sort()).toEqual(['state', 'statesBySymbol']);
  expect(STATES).toContain(family.state);
  for (const state of Object.values(family.statesBySymbol)) expectWindowState(state);
}

describeEachReadyApp('the last tick through the API', (ready) => {
  let viewer: Operator;
  let operator: Operator;
  const tickTime = () => ready().engine?.engine.snapshot()?.time;

  beforeAll(async () => {
    viewer = await signedInOperator(ready(), 1);
    operator = await signedInOperator(ready(), 2);
    await ready().tick();
  });

  it('gives the free balances read now, with the market assets (authority 2)', async () => {
    const balances = await operator.read('/position/balances');
    expect(balances).toEqual({
      // The simulator's starting account; nothing traded on this database.
      free: { USDT: '10000', BTC: '0' },
      time: expect.any(Number),
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
    });
    expect((await viewer.send({ method: 'GET', url: '/position/balances' })).code).toBe(4002);
  });

  it('gives the window state with the configured number of candles', async () => {
    const { size } = await operator.read<{ size: number }>('/market-state/window/config');
    expect(size).toBe(128); // the default window
    const data = await viewer.read<Record<string, unknown>>('/market-state/window/state');
    expect(Object.keys(data).sort()).toEqual(['splitStates', 'state', 'time', 'window']);
    expectWindowState(data);
    expectWindow(data.window as Record<string, number[]>, size);
    expect(data.time).toBe(tickTime());
  });

  it('gives bid dominance, coins states per family and the reversal state of the tick', async () => {
    const liquidity = await viewer.read<{ bidDominance: number; neutral: boolean; time: number }>(
      '/market-state/liquidity/state',
    );
    expect(liquidity).toEqual({
      bidDominance: expect.any(Number),
      neutral: expect.any(Boolean),
      time: tickTime(),
    });
    expect(liquidity.bidDominance).toBeGreaterThanOrEqual(0);
    expect(liquidity.bidDominance).toBeLessThanOrEqual(100);

    const coins = await viewer.read<Record<string, unknown>>('/market-state/coins/state');
    expect(Object.keys(coins).sort()).toEqual(['base', 'quote', 'time']);
    expectCoinsFamily(coins.quote);
    expectCoinsFamily(coins.base);
    // The simulator trades synthetic altcoins: the families are not empty.
    expect(Object.keys((coins.quote as { statesBySymbol: object }).statesBySymbol).length).toBeGreaterThan(0);

    const { reversalState, time } = await viewer.read<{ reversalState: unknown; time: number }>(
      '/market-state/reversal/state',
    );
    expect(time).toBe(tickTime());
    if (reversalState !== null) {
      expect(reversalState).toEqual({
        id: expect.any(String),
        points: expect.any(Number),
        totalPoints: expect.any(Number),
        pointsRequirement: 78, // the reversal config's default
        reversalEventTime: expect.toSatisfy((v: unknown) => v === null || typeof v === 'number'),
        reversalEventPoints: expect.toSatisfy((v: unknown) => v === null || typeof v === 'number'),
      });
    }
  });

  it('gives the app essentials in the shape the client reads', async () => {
    const before = Date.now();
    const data = await viewer.read<Record<string, unknown>>('/data-join/app-essentials');
    // The essentials' fields, plus the tick's plan and price for the dashboard (the planner's next step).
    expect(Object.keys(data).sort()).toEqual(
      [
        'serverTime',
        'version',
        'unreadNotifications',
        'unreadAPIErrors',
        'user',
        'exchangeConfig',
        'marketState',
        'position',
        'plan',
        'price',
        'marketTime',
      ].sort(),
    );
    expect(data.serverTime).toBeGreaterThanOrEqual(before);
    expect(data.version).toMatchObject({
      api: { running: { version: API_VERSION }, latest: null },
      gui: { latest: null },
      updateAvailable: null,
    });
    expect(data.unreadNotifications).toEqual(expect.any(Number));
    expect(data.unreadAPIErrors).toEqual(expect.any(Number));
    expect(data.user).toEqual({ id: viewer.id, nickname: viewer.nickname, authority: 1 });
    expect(data.exchangeConfig).toEqual({
      name: expect.stringContaining('simulated'),
      simulated: true,
      replay: true,
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      mode: 'trading',
      venue: { id: 'simulator', displayName: 'Simulator', kind: 'simulator', sandbox: false },
      // The simulated market's rules (Binance's LOT_SIZE and NOTIONAL), its fills' own fee.
      market: {
        symbol: 'BTC/USDT',
        amountStep: '0.00001',
        minAmount: '0.00001',
        minNotional: '10',
        priceStep: null,
        takerFeePercent: '0.1', // the simulator's default fill fee
        buyFeeAsset: 'USDT', // simulated fills charge it in the quote asset
      },
    });
    expect(data.position).toBeNull();
    // The tick's market time: the replay's (the shipped candles' 2025–2026), not the wall's.
    expect(data.marketTime).toBe(ready().engine?.engine.snapshot()?.time);
    expect(data.price).toBe(ready().engine?.engine.snapshot()?.price);

    const market = data.marketState as Record<string, Record<string, unknown>>;
    expect(
      Object.keys(market)
        .filter((key) => key !== 'reversalState')
        .sort(),
    ).toEqual(['coinsStates', 'liquidityState', 'windowState']);
    expectWindowState(market.windowState);
    expectWindow(market.windowState!.window as Record<string, number[]>, 128); // the full window
    expect(market.liquidityState?.bidDominance).toEqual(expect.any(Number));
    expectCoinsFamily(market.coinsStates?.quote);
    expectCoinsFamily(market.coinsStates?.base);
    // The same tick as the market state routes.
    const { time: _time, ...windowState } = await viewer.read('/market-state/window/state');
    expect(market.windowState).toEqual(windowState);
  });

  it('answers the market state reads only to a signed-in caller', async () => {
    for (const url of ['/market-state/window/state', '/data-join/app-essentials']) {
      expect((await call(ready().app, { method: 'GET', url })).code, url).toBe(4252);
    }
  });
});
