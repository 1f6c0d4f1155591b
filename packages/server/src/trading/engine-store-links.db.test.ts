import { actionsFromOrders, clientOrderIdFor, DEFAULT_STRATEGY_CONFIG } from '@balancer/core';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/test-databases.js';
import { exchangeTrade, fillsOf, finishedTransaction, MINUTE, T0, useTradingStore } from './test-support.js';

const HOUR = 60 * MINUTE;

describeEachDatabase('trade and transaction links', (ctx) => {
  const trading = useTradingStore(ctx);

  const db = () => ctx().handle.db;
  const links = async () =>
    Object.fromEntries(
      (await db().selectFrom('trade').select(['exchange_trade_id', 'transaction_id']).execute()).map(
        (row) => [row.exchange_trade_id, row.transaction_id],
      ),
    );
  const positionOf = async (txId: string) =>
    (
      await db()
        .selectFrom('transaction')
        .select('position_id')
        .where('id', '=', txId)
        .executeTakeFirstOrThrow()
    ).position_id;

  it('links a trade to the transaction whose logged fills name it, in either order', async () => {
    // The transaction is saved first, then trade sync stores its fill.
    const buyId = await trading.store.reserveTransactionId();
    const b1 = exchangeTrade('2001', 'BUY', T0 + MINUTE, '95000', '0.00105');
    await trading.store.saveTransaction(finishedTransaction(buyId, 'BUY', '0.00105', T0, fillsOf([b1])), {
      kind: 'increase',
      level: null,
      manual: false,
    });
    const { opened } = await trading.store.addExchangeTrades([b1]);
    expect(await links()).toEqual({ '2001': buyId });
    expect(await positionOf(buyId)).toBe(opened[0]);

    // Trade sync sees a sell before the transaction is confirmed: the client order id links it.
    const sellId = await trading.store.reserveTransactionId();
    const s1 = exchangeTrade('2002', 'SELL', T0 + 2 * MINUTE, '97000', '0.0005', {
      clientOrderId: clientOrderIdFor(sellId),
    });
    await trading.store.addExchangeTrades([s1]);
    expect((await links())['2002']).toBeNull();
    await trading.store.saveTransaction(
      finishedTransaction(sellId, 'SELL', '0.0005', T0 + MINUTE, fillsOf([s1]), 'PROCESSING'),
      { kind: 'decrease', level: 0, manual: false },
    );
    expect(await links()).toEqual({ '2001': buyId, '2002': sellId });
    expect(await positionOf(sellId)).toBe(opened[0]);
  });

  it('does not link a trade of the other side or of another order', async () => {
    const txId = await trading.store.reserveTransactionId();
    const buy = exchangeTrade('2101', 'BUY', T0, '95000', '0.001');
    // A sell that (wrongly) carries the buy's client order id, and a buy of another order.
    const sell = exchangeTrade('2102', 'SELL', T0 + MINUTE, '96000', '0.0001', {
      clientOrderId: clientOrderIdFor(txId),
    });
    const other = exchangeTrade('2103', 'BUY', T0 + 2 * MINUTE, '95500', '0.001');
    await trading.store.saveTransaction(finishedTransaction(txId, 'BUY', '0.001', T0, fillsOf([buy])), {
      kind: 'increase',
      level: null,
      manual: true,
    });
    await trading.store.addExchangeTrades([buy, sell, other]);
    expect(await links()).toEqual({ '2101': txId, '2102': null, '2103': null });
  });

  it('rebuilds the active position actions from its SUCCEEDED transactions', async () => {
    const b1 = exchangeTrade('3001', 'BUY', T0, '95000', '0.00105');
    // One order filled twice: the action's time is its first fill's.
    const b2a = exchangeTrade('3002', 'BUY', T0 + 50 * HOUR, '92000', '0.0006');
    const b2b = exchangeTrade('3003', 'BUY', T0 + 50 * HOUR + 1_000, '92010', '0.0005');
    const s1 = exchangeTrade('3004', 'SELL', T0 + 51 * HOUR, '97000', '0.0001');
    const s2 = exchangeTrade('3005', 'SELL', T0 + 52 * HOUR, '97500', '0.0001');
    const s3 = exchangeTrade('3006', 'SELL', T0 + 53 * HOUR, '97600', '0.0001');
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await trading.store.reserveTransactionId());
    const [buy1, buy2, auto, manual, pending] = ids as [string, string, string, string, string];
    const save = (
      id: string,
      side: 'BUY' | 'SELL',
      amount: string,
      fills: (typeof b1)[],
      intent: object,
      status?: 'PROCESSING',
    ) =>
      trading.store.saveTransaction(
        finishedTransaction(id, side, amount, fills[0]!.time - 2_000, fillsOf(fills), status),
        intent as never,
      );
    await save(buy1, 'BUY', '0.00105', [b1], { kind: 'increase', level: null, manual: false });
    await save(buy2, 'BUY', '0.0011', [b2a, b2b], { kind: 'increase', level: null, manual: true });
    await save(auto, 'SELL', '0.0001', [s1], { kind: 'decrease', level: 1, manual: false });
    await save(manual, 'SELL', '0.0001', [s2], { kind: 'decrease', level: null, manual: true });
    // Still PROCESSING: its trade counts in the position but it is no action yet.
    await save(pending, 'SELL', '0.0001', [s3], { kind: 'decrease', level: 0, manual: false }, 'PROCESSING');
    await trading.store.addExchangeTrades([b1, b2a, b2b, s1, s2, s3]);

    const active = await trading.store.activePosition(DEFAULT_STRATEGY_CONFIG);
    expect(active?.trades.map((trade) => trade.id)).toEqual(['3001', '3002', '3003', '3004', '3005', '3006']);
    const expected = actionsFromOrders(
      [
        { txID: buy1, side: 'BUY', level: null, eventTime: T0 },
        { txID: buy2, side: 'BUY', level: null, eventTime: T0 + 50 * HOUR },
        { txID: auto, side: 'SELL', level: 1, eventTime: T0 + 51 * HOUR },
        { txID: manual, side: 'SELL', level: null, eventTime: T0 + 52 * HOUR },
      ],
      DEFAULT_STRATEGY_CONFIG,
    );
    expect(active?.actions).toEqual(expected);
    expect(active?.actions.increases.map((action) => [action.txID, action.eventTime])).toEqual([
      [buy1, T0],
      [buy2, T0 + 50 * HOUR], // the first of its two fills
    ]);
    // Level 1 (the second level) sold once; the manual sell recorded no decrease action.
    expect(active?.actions.decreases.map((level) => level.length)).toEqual([0, 1, 0, 0, 0]);
    expect(active?.actions.decreases[1]?.[0]?.eventTime).toBe(T0 + 51 * HOUR);
  });
});
