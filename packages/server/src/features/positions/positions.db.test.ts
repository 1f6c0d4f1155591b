import { parseCodedMessage } from '@balancer/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { DatabaseEngineStore } from '../../trading/engine-store.js';
import { createTradingServices } from '../../trading/index.js';
import {
  ASSETS,
  exchangeTrade,
  fillsOf,
  finishedTransaction,
  MINUTE,
  resetTrading,
  T0,
} from '../../trading/test-support.js';

const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);

// Position 1 (closed): buy 0.002 BTC at 95,000 (190 USDT), sell it all at 98,000 (196 USDT).
const b1 = exchangeTrade('5001', 'BUY', T0, '95000', '0.002');
const s1 = exchangeTrade('5002', 'SELL', T0 + 30 * MINUTE, '98000', '0.002');
// Position 2 (active): buy 0.001 at 96,000 (96) and 0.001 at 92,000 (92, + 0.092 USDT fee), sell
// 0.0005 at 97,000 (48.5).
const b2 = exchangeTrade('5003', 'BUY', T0 + 60 * MINUTE, '96000', '0.001');
const b3 = exchangeTrade('5004', 'BUY', T0 + 70 * MINUTE, '92000', '0.001', { commission: '0.092' });
const s2 = exchangeTrade('5005', 'SELL', T0 + 80 * MINUTE, '97000', '0.0005');

describeEachDatabase('position and transaction reads', (ctx) => {
  let ops: ReadyOpsApp;
  let store: DatabaseEngineStore;
  let p1: number;
  let p2: number;
  const tx: string[] = [];
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle);
    store = new DatabaseEngineStore(ops.platform, ASSETS);
    await resetTrading(ctx().handle.db);
    for (let i = 0; i < 3; i += 1) tx.push(await store.reserveTransactionId());
    await store.saveTransaction(finishedTransaction(tx[0]!, 'BUY', '0.001', b2.time - 5_000, fillsOf([b2])), {
      kind: 'increase',
      level: null,
      manual: false,
    });
    await store.saveTransaction(
      finishedTransaction(tx[1]!, 'SELL', '0.0005', s2.time - 5_000, fillsOf([s2])),
      {
        kind: 'decrease',
        level: 0,
        manual: false,
      },
    );
    // Placed, never filled yet: no trade, no position.
    await store.saveTransaction(
      finishedTransaction(tx[2]!, 'BUY', '0.001', s2.time + MINUTE, [], 'PROCESSING'),
      {
        kind: 'increase',
        level: null,
        manual: true,
      },
    );
    const first = await store.addExchangeTrades([b1, s1]);
    const second = await store.addExchangeTrades([b2, b3, s2]);
    p1 = Number(first.opened[0]);
    p2 = Number(second.opened[0]);
    // Minute T0 + 90: 97,400 → 97,650 → 97,500.
    for (const [time, price] of [
      [T0 + 90 * MINUTE, '97400'],
      [T0 + 90 * MINUTE + 20_000, '97650'],
      [T0 + 90 * MINUTE + 40_000, '97500'],
    ] as const)
      await store.recordPositionPrice(String(p2), time, price);
  });
  afterAll(() => ops.app.close());

  const get = async (url: string, authority: 1 | 2 = 2) => {
    const { body } = await ops.call({ method: 'GET', url, headers: asUser(authority) });
    expect(body.error, url).toBeNull();
    return body.data as never;
  };
  const failure = async (method: 'GET' | 'PATCH', url: string, authority: 1 | 2 | 3 | 4 = 4) =>
    codeOf((await ops.call({ method, url, headers: asUser(authority) })).body.error);

  it('computes the active position at its last minute close', async () => {
    const record = await get(`/position/record/${p2}`);
    expect(record).toEqual({
      id: p2,
      open: T0 + 60 * MINUTE,
      close: null,
      archived: false,
      price: '97500',
      entry_price: '94000', // (96,000 × 0.001 + 92,000 × 0.001) ÷ 0.002
      gain: 3.72, // (97,500 − 94,000) ÷ 94,000 = 3.723 %
      amount: '0.0015', // 0.001 + 0.001 − 0.0005
      amount_quote: '146.25', // 0.0015 × 97,500
      amount_quote_in: '188.09', // 96 + 92 + 0.092 fee = 188.092
      amount_quote_out: '48.5',
      pnl: '6.66', // 146.25 + 48.5 − 188.09
      roi: 3.54, // 6.66 ÷ 188.09 = 3.541 %
      increase_actions: [{ txID: tx[0], eventTime: b2.time, nextEventTime: b2.time + 48 * 60 * MINUTE }],
      decrease_actions: [
        [{ txID: tx[1], eventTime: s2.time, nextEventTime: s2.time + 240 * MINUTE }],
        [],
        [],
        [],
        [],
      ],
      // 94,000 × 1.015, × 1.035, × 1.055, × 1.075, × 1.1 (the Eager Scalper gains)
      decrease_price_levels: ['95410', '97290', '99170', '101050', '103400'],
      // The seeded transactions were stored without a reason, as before 0019.
      last_order_reason: null,
    });
  });

  it('computes a closed position at its last trade price', async () => {
    expect(await get(`/position/record/${p1}`)).toMatchObject({
      id: p1,
      open: T0,
      close: T0 + 30 * MINUTE,
      price: '98000',
      amount: '0',
      amount_quote: '0',
      amount_quote_in: '190', // 0.002 × 95,000
      amount_quote_out: '196', // 0.002 × 98,000
      pnl: '6', // 0 + 196 − 190
      roi: 3.16, // 6 ÷ 190 = 3.158 %
      gain: 3.16, // (98,000 − 95,000) ÷ 95,000
      increase_actions: [],
    });
  });

  it('lists positions newest first by pages and by range', async () => {
    const ids = (list: Array<{ id: number }>) => list.map((position) => position.id);
    expect(ids(await get('/position/records?limit=30'))).toEqual([p2, p1]);
    expect(ids(await get('/position/records?limit=1'))).toEqual([p2]);
    expect(ids(await get(`/position/records?limit=1&startAtOpenTime=${T0 + 60 * MINUTE}`))).toEqual([p1]);
    expect(ids(await get(`/position/records?limit=5&startAtOpenTime=${T0}`))).toEqual([]);
    expect(ids(await get(`/position/records/range?startAt=${T0}&endAt=${T0 + 60 * MINUTE}`))).toEqual([
      p2,
      p1,
    ]);
    expect(ids(await get(`/position/records/range?startAt=${T0 + 1}`))).toEqual([p2]);
    expect(ids(await get(`/position/records/range?endAt=${T0 + 59 * MINUTE}`))).toEqual([p1]);
    expect(ids(await get('/position/records/range'))).toEqual([p2, p1]);
  });

  it('gives the price history, trades and transactions of a position', async () => {
    expect(await get(`/position/event-history/${p2}`, 1)).toEqual({
      id: [T0 + 90 * MINUTE],
      open: [97_400],
      high: [97_650],
      low: [97_400],
      close: [97_500],
    });
    const trades: Array<Record<string, unknown>> = await get(`/position/record/trades/${p2}`);
    expect(trades.map((trade) => trade.exchange_trade_id)).toEqual(['5003', '5004', '5005']);
    expect(trades[1]).toEqual({
      id: expect.any(Number),
      exchange_trade_id: '5004',
      position_id: p2,
      transaction_id: null,
      side: 'BUY',
      time: T0 + 70 * MINUTE,
      price: '92000',
      amount: '0.001',
      quote_amount: '92',
      commission: '0.092',
      commission_asset: 'QUOTE',
      source: 'exchange',
      order_id: 'order-5004',
      client_order_id: null,
    });
    const transactions: Array<Record<string, unknown>> = await get(`/position/record/transactions/${p2}`);
    expect(transactions.map((record) => record.id)).toEqual([Number(tx[1]), Number(tx[0])]);
    expect(transactions[0]).toMatchObject({
      event_time: s2.time - 5_000,
      amount: '0.0005',
      side: 'SELL',
      status: 'SUCCEEDED',
      position_id: p2,
      intent: { kind: 'decrease', level: 0, manual: false },
    });
    const logs = (transactions[0]?.logs ?? []) as Array<Record<string, unknown>>;
    expect(logs.map((log) => [log.action, log.outcome])).toEqual([
      ['INITIAL_BALANCES', true],
      ['EXECUTION', true],
      ['CONFIRMATION', true],
    ]);
    expect(await get(`/position/record/transactions/${p1}`)).toEqual([]);
  });

  it('gives transactions one by one and newest first by pages', async () => {
    expect(await get(`/position/transaction/${tx[2]}`)).toMatchObject({
      id: Number(tx[2]),
      status: 'PROCESSING',
      attempts: 1,
      position_id: null,
      intent: { kind: 'increase', level: null, manual: true },
    });
    const ids = (list: Array<{ id: number }>) => list.map((record) => record.id);
    expect(ids(await get('/position/transactions?limit=2'))).toEqual([Number(tx[2]), Number(tx[1])]);
    expect(ids(await get(`/position/transactions?limit=30&startAtID=${tx[1]}`))).toEqual([Number(tx[0])]);
  });

  it('archives closed positions only, and unarchives them', async () => {
    expect(await failure('PATCH', `/position/archive/${p2}`)).toBe(3552);
    const archive = await ops.call({ method: 'PATCH', url: `/position/archive/${p1}`, headers: asUser(4) });
    expect(archive.body.data).toMatchObject({ id: p1, archived: true });
    expect(await get(`/position/record/${p1}`)).toMatchObject({ archived: true });
    const unarchive = await ops.call({
      method: 'PATCH',
      url: `/position/unarchive/${p1}`,
      headers: asUser(4),
    });
    expect(unarchive.body.data).toMatchObject({ id: p1, archived: false });
    expect(await failure('PATCH', `/position/archive/${p1}`, 3)).toBe(4002);
    expect(await failure('PATCH', '/position/archive/999999')).toBe(3760);
    expect(await get(`/position/record/${p2}`)).toMatchObject({ archived: false });
  });

  it('answers a page read again from memory, and a write (archive, price, trade) shows at once', async () => {
    const page = () => get(`/position/records?limit=10`) as Promise<Array<Record<string, unknown>>>;
    const first = await page();
    // Unchanged: the same records, served from memory (the very same objects).
    const again = await page();
    expect(again).toEqual(first);
    await ops.call({ method: 'PATCH', url: `/position/archive/${p1}`, headers: asUser(4) });
    expect((await page()).find((record) => record.id === p1)).toMatchObject({ archived: true });
    await ops.call({ method: 'PATCH', url: `/position/unarchive/${p1}`, headers: asUser(4) });
    expect((await page()).find((record) => record.id === p1)).toMatchObject({ archived: false });
    await store.recordPositionPrice(String(p2), T0 + 91 * MINUTE, '97800');
    expect((await page()).find((record) => record.id === p2)).toMatchObject({ price: '97800' });
    await store.recordPositionPrice(String(p2), T0 + 91 * MINUTE + 30_000, '97500');
    expect((await page()).find((record) => record.id === p2)).toMatchObject({ price: '97500' });
  });

  it('refuses a reversed range given to the service directly', async () => {
    const { positions } = createTradingServices(ops.platform);
    const error = await positions
      .range({ startAt: T0, endAt: T0 - 1 }, Date.now())
      .catch((failure: unknown) => failure);
    expect((error as { code?: number }).code).toBe(3557);
  });

  it('answers bad ids and queries with coded validation errors and missing records with not found', async () => {
    for (const url of [
      '/position/record/abc',
      '/position/record/0',
      '/position/record/1.5',
      '/position/records',
      '/position/records?limit=0',
      '/position/records?limit=31',
      '/position/records?limit=5&startAtOpenTime=-1',
      `/position/records/range?startAt=${T0}&endAt=${T0 - 1}`,
      // 6 years of 365.25 days is 189,345,600,000 ms: one more is too long.
      `/position/records/range?startAt=0&endAt=189345600001`,
      '/position/event-history/x',
      '/position/record/trades/-1',
      '/position/record/transactions/1e3',
      '/position/transaction/abc',
      '/position/transactions?limit=5&startAtID=x',
    ]) {
      expect(await failure('GET', url, 2), url).toBe(6503);
    }
    await ops.services.apiErrors.flush();
    const logged = async () => (await ctx().handle.db.selectFrom('api_error').select('id').execute()).length;
    const before = await logged();
    expect(await failure('GET', '/position/record/999999', 2)).toBe(3760);
    expect(await failure('GET', '/position/event-history/999999', 2)).toBe(3760);
    expect(await failure('GET', '/position/record/trades/999999', 2)).toBe(3760);
    expect(await failure('GET', '/position/record/transactions/999999', 2)).toBe(3760);
    expect(await failure('GET', '/position/transaction/999999', 2)).toBe(3762);
    // A typed or stale id is expected: not-found answers are not written to the API error log.
    await ops.services.apiErrors.flush();
    expect(await logged()).toBe(before);
    expect(await failure('GET', `/position/record/${p1}`, 1)).toBe(4002);
    expect(codeOf((await ops.call({ method: 'GET', url: `/position/event-history/${p1}` })).body.error)).toBe(
      4252,
    );
  });
});
