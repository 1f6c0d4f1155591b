import {
  CodedError,
  clientOrderIdFor,
  DEFAULT_STRATEGY_CONFIG,
  decreaseReason,
  groupTradesIntoPositions,
  parseTrades,
  startTransaction,
} from '@balancer/core';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/test-databases.js';
import { exchangeTrade, fillsOf, finishedTransaction, MINUTE, T0, useTradingStore } from './test-support.js';
import { selectTransaction, toTransactionRecord } from './transactions-repository.js';

const coded = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(CodedError);
  return error as CodedError;
};

// A BTC/USDT history: a leading sell (BTC held before the platform), position 1 (two buys, two
// sells, the second leaving 0.00215 − 0.001 − 0.001 = 0.00015 < 0.0002 BTC), a sell while none is
// active, and position 2 (a buy, then a buy paying 0.000001 BTC commission).
const s0 = exchangeTrade('1000', 'SELL', T0, '94000', '0.001');
const b1 = exchangeTrade('1001', 'BUY', T0 + MINUTE, '95000', '0.00105');
const b2 = exchangeTrade('1002', 'BUY', T0 + 2 * MINUTE, '92000', '0.0011');
const s1 = exchangeTrade('1003', 'SELL', T0 + 3 * MINUTE, '97000', '0.001');
const s2 = exchangeTrade('1004', 'SELL', T0 + 4 * MINUTE, '98000', '0.001');
const s3 = exchangeTrade('1005', 'SELL', T0 + 5 * MINUTE, '98100', '0.00015');
const b3 = exchangeTrade('1006', 'BUY', T0 + 6 * MINUTE, '96000', '0.0011');
const b4 = exchangeTrade('1007', 'BUY', T0 + 7 * MINUTE, '95500', '0.001', {
  commission: '0.000001',
  commissionAsset: 'BTC',
});
const HISTORY = [s0, b1, b2, s1, s2, s3, b3, b4];

describeEachDatabase('the database engine store', (ctx) => {
  const trading = useTradingStore(ctx);

  const db = () => ctx().handle.db;
  const recordReason = async (id: string) =>
    toTransactionRecord((await selectTransaction(db(), Number(id)))!).reason;
  const tradeRows = () => db().selectFrom('trade').selectAll().orderBy('time').orderBy('id').execute();

  it('reserves distinct, rising transaction ids', async () => {
    const first = Number(await trading.store.reserveTransactionId());
    const second = Number(await trading.store.reserveTransactionId());
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(clientOrderIdFor(String(second))).toBe(`bal-n${second}`);
  });

  it('saves, replaces and lists PROCESSING transactions, keeping the first intent', async () => {
    const id = await trading.store.reserveTransactionId();
    const started = startTransaction({ id, side: 'BUY', amount: '0.00105' }, { USDT: '1000' }, T0);
    await trading.store.saveTransaction(started, { kind: 'increase', level: null, manual: false });
    expect(await trading.store.processingTransactions()).toEqual([
      {
        transaction: started,
        intent: { kind: 'increase', level: null, manual: false, reason: null },
        positionId: null,
      },
    ]);

    const placed = finishedTransaction(id, 'BUY', '0.00105', T0, fillsOf([b1]), 'PROCESSING');
    // A different intent on a replace is ignored: the intent is the decision's, fixed at creation.
    await trading.store.saveTransaction(placed, { kind: 'increase', level: null, manual: true });
    const [stored] = await trading.store.processingTransactions();
    expect(stored?.transaction).toEqual(placed);
    expect(stored?.transaction.attempts).toBe(1);
    expect(stored?.intent.manual).toBe(false);

    await trading.store.saveTransaction(
      finishedTransaction(id, 'BUY', '0.00105', T0, fillsOf([b1])),
      stored!.intent,
    );
    expect(await trading.store.processingTransactions()).toEqual([]);
  });

  it('keeps the reason the order was decided for, and reads a row without one as null', async () => {
    const reason = decreaseReason({
      level: 1,
      entryPrice: '95000',
      price: '97945',
      amountBase: '0.001',
      wholePosition: false,
      strategy: DEFAULT_STRATEGY_CONFIG,
    });
    const id = await trading.store.reserveTransactionId();
    const started = startTransaction({ id, side: 'SELL', amount: '0.001' }, { BTC: '0.01' }, T0);
    await trading.store.saveTransaction(started, { kind: 'decrease', level: 1, manual: false, reason });
    const [stored] = await trading.store.processingTransactions();
    expect(stored?.intent.reason).toEqual(reason);
    const row = await db()
      .selectFrom('transaction')
      .select('reason')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.reason).toMatchObject({ rule: 'decrease-level', level: 2, gain: 3.1 });
    // A replace keeps the reason of the decision, as it keeps the intent.
    await trading.store.saveTransaction(finishedTransaction(id, 'SELL', '0.001', T0, fillsOf([s1])), {
      kind: 'decrease',
      level: 1,
      manual: false,
      reason: null,
    });
    expect(await recordReason(id)).toEqual(reason);
    // A row written before 0019 has no reason: NULL, read as null.
    await sql`update "transaction" set reason = null where id = ${id}`.execute(db());
    expect(await recordReason(id)).toBeNull();
    // A reason that is not one is refused before anything is written.
    const other = await trading.store.reserveTransactionId();
    const bad = startTransaction({ id: other, side: 'BUY', amount: '0.001' }, { USDT: '100' }, T0);
    const wrong = { kind: 'increase', level: null, manual: false, reason: { rule: 'hunch' } } as never;
    expect((await coded(trading.store.saveTransaction(bad, wrong))).code).toBe(3551);
  });

  it('refuses a malformed transaction or intent with a coded error and stores nothing', async () => {
    const id = await trading.store.reserveTransactionId();
    const good = startTransaction({ id, side: 'SELL', amount: '0.001' }, { BTC: '0.01' }, T0);
    const uuid = startTransaction(
      { id: '0f8fad5b-d9cb-469f-a165-70867728950e', side: 'SELL', amount: '0.001' },
      { BTC: '0.01' },
      T0,
    );
    const cases: Array<[unknown, unknown, number]> = [
      [uuid, { kind: 'decrease', level: 0, manual: false }, 3551],
      [{ ...good, amount: '-1' }, { kind: 'decrease', level: 0, manual: false }, 3520],
      [{ ...good, clientOrderId: 'bal-n1' }, { kind: 'decrease', level: 0, manual: false }, 3520],
      [good, { kind: 'decrease', level: 5, manual: false }, 3551],
      [good, { kind: 'increase', level: 1, manual: false }, 3551],
      [good, { kind: 'decrease', level: 2, manual: true }, 3551],
      [good, { kind: 'hold', level: null, manual: false }, 3551],
    ];
    for (const [tx, intent, code] of cases) {
      const error = await coded(trading.store.saveTransaction(tx as never, intent as never));
      expect(error.code, JSON.stringify(intent)).toBe(code);
    }
    expect(await db().selectFrom('transaction').select('id').execute()).toEqual([]);
  });

  it('stores each exchange trade once, whatever the calls repeat', async () => {
    expect(await trading.store.lastExchangeTradeTime()).toBeNull();
    expect(await trading.store.addExchangeTrades([b1, b2, b1])).toEqual({
      added: 2,
      opened: [expect.any(String)],
      closed: [],
    });
    expect(await trading.store.addExchangeTrades([b2, b1])).toEqual({ added: 0, opened: [], closed: [] });
    expect(await trading.store.addExchangeTrades([])).toEqual({ added: 0, opened: [], closed: [] });
    expect((await tradeRows()).map((row) => row.exchange_trade_id)).toEqual(['1001', '1002']);
    expect(await trading.store.lastExchangeTradeTime()).toBe(T0 + 2 * MINUTE);
  });

  it('groups trades synced over several calls as core groups them all at once', async () => {
    const first = await trading.store.addExchangeTrades([b1, s0]);
    const second = await trading.store.addExchangeTrades([s1, b2]);
    const third = await trading.store.addExchangeTrades([s2, s3, b3]);
    const fourth = await trading.store.addExchangeTrades([b4, s2]);
    const [p1] = first.opened;
    expect(first).toEqual({ added: 2, opened: [p1], closed: [] });
    expect(second).toEqual({ added: 2, opened: [], closed: [] });
    const [p2] = third.opened;
    expect(third).toEqual({ added: 3, opened: [p2], closed: [p1] });
    expect(fourth).toEqual({ added: 1, opened: [], closed: [] });

    const rows = await tradeRows();
    const stored = (id: string) =>
      rows.filter((row) => row.position_id === id).map((row) => row.exchange_trade_id);
    const groups = groupTradesIntoPositions(
      parseTrades(
        HISTORY.map((trade) => ({
          ...trade,
          commissionAsset: trade.commissionAsset === 'BTC' ? 'BASE' : 'QUOTE',
        })),
      ),
    );
    expect([stored(p1!), stored(p2!)]).toEqual(groups.map((group) => group.map((trade) => trade.id)));
    // The leading sell and the sell between the positions belong to none.
    expect(rows.filter((row) => row.position_id === null).map((row) => row.exchange_trade_id)).toEqual([
      '1000',
      '1005',
    ]);
    const positions = await db().selectFrom('position').selectAll().orderBy('open').execute();
    expect(positions).toEqual([
      { id: p1, open: String(T0 + MINUTE), close: String(T0 + 4 * MINUTE), archived: false },
      { id: p2, open: String(T0 + 6 * MINUTE), close: null, archived: false },
    ]);
    // b4's commission was paid in BTC (the market's base asset); the others in USDT.
    expect(rows.map((row) => row.commission_asset)).toEqual([
      'QUOTE',
      'QUOTE',
      'QUOTE',
      'QUOTE',
      'QUOTE',
      'QUOTE',
      'QUOTE',
      'BASE',
    ]);

    const active = await trading.store.activePosition(DEFAULT_STRATEGY_CONFIG);
    expect(active?.id).toBe(p2);
    expect(active?.trades.map((trade) => trade.id)).toEqual(['1006', '1007']);
    expect(active?.trades[1]).toEqual({
      id: '1007',
      side: 'BUY',
      time: T0 + 7 * MINUTE,
      price: '95500',
      amount: '0.001',
      quoteAmount: '95.5', // 95,500 × 0.001
      commission: '0.000001',
      commissionAsset: 'BASE',
    });
  });

  it('keeps concurrent syncs of the same trades from storing or opening anything twice', async () => {
    const results = await Promise.all([
      trading.store.addExchangeTrades([b1, b2]),
      trading.store.addExchangeTrades([b2, b1]),
      trading.store.addExchangeTrades([b1]),
    ]);
    expect(results.reduce((sum, result) => sum + result.added, 0)).toBe(2);
    expect(results.flatMap((result) => result.opened)).toHaveLength(1);
    expect((await tradeRows()).map((row) => row.exchange_trade_id)).toEqual(['1001', '1002']);
  });

  it('refuses malformed exchange trades with a coded error and stores none of the batch', async () => {
    for (const bad of [
      { ...b1, price: '0' },
      { ...b1, amount: 'abc' },
      { ...b1, side: 'HOLD' },
      { ...b1, id: '' },
      { ...b1, time: -5 },
      { ...b1, clientOrderId: 42 },
    ]) {
      const error = await coded(trading.store.addExchangeTrades([b2, bad as never]));
      expect([3502, 3551]).toContain(error.code);
    }
    expect(await tradeRows()).toEqual([]);
    expect(await trading.store.activePosition(DEFAULT_STRATEGY_CONFIG)).toBeNull();
  });
});
