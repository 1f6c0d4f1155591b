import { applyConfirmation, applyExecution, DEFAULT_STRATEGY_CONFIG, startTransaction } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import type { ExchangeTrade } from '../../ports/exchange.js';
import { MemoryEngineStore } from './memory-store.js';

const S = DEFAULT_STRATEGY_CONFIG;

function trade(
  id: string,
  side: 'BUY' | 'SELL',
  amount: string,
  time: number,
  clientOrderId: string | null = null,
): ExchangeTrade {
  return {
    id,
    side,
    amount,
    time,
    price: '30000',
    quoteAmount: String(Number(amount) * 30000),
    commission: '0',
    commissionAsset: 'USDT',
    orderId: `o${id}`,
    clientOrderId,
  };
}

/** A SUCCEEDED transaction whose logged order filled with trade `fillId`. */
async function succeeded(
  store: MemoryEngineStore,
  side: 'BUY' | 'SELL',
  fillId: string,
  level: number | null,
  time: number,
) {
  const id = await store.reserveTransactionId();
  let tx = startTransaction({ id, side, amount: '0.01' }, { USDT: '1000' }, time);
  const order = {
    clientOrderId: tx.clientOrderId,
    side,
    status: 'FILLED' as const,
    filled: '0.01',
    fills: [{ id: fillId, price: '30000', amount: '0.01', time }],
  };
  tx = applyExecution(tx, { ok: true, order }, time).transaction;
  tx = applyConfirmation(tx, order, { USDT: '700' }, time + 10).transaction;
  await store.saveTransaction(tx, { kind: side === 'BUY' ? 'increase' : 'decrease', level, manual: false });
  return tx;
}

describe('MemoryEngineStore: positions from trades', () => {
  it('ignores leading sells, opens on a buy, closes under 0.0002 BTC, skips stored ids', async () => {
    const store = new MemoryEngineStore();
    expect(await store.lastExchangeTradeTime()).toBeNull();
    const first = await store.addExchangeTrades([
      trade('1', 'SELL', '0.5', 10),
      trade('2', 'BUY', '0.01', 20),
    ]);
    expect(first).toEqual({ added: 2, opened: ['1'], closed: [] });
    expect(store.trades.map((t) => t.positionId)).toEqual([null, '1']);
    // 0.01 − 0.0099 = 0.0001 < 0.0002: closed; the next buy opens position 2.
    const second = await store.addExchangeTrades([
      trade('2', 'BUY', '0.01', 20),
      trade('3', 'SELL', '0.0099', 30),
      trade('4', 'BUY', '0.02', 40),
    ]);
    expect(second).toEqual({ added: 2, opened: ['2'], closed: ['1'] });
    expect(await store.lastExchangeTradeTime()).toBe(40);
    const active = await store.activePosition(S);
    expect(active).toMatchObject({ id: '2', trades: [{ id: '4', commissionAsset: 'QUOTE' }] });
  });

  it('links trades to transactions by logged fills or client order id and rebuilds the actions', async () => {
    const store = new MemoryEngineStore();
    const buy = await succeeded(store, 'BUY', 't1', null, 1_000);
    const sell = await succeeded(store, 'SELL', 't2', 2, 5_000);
    const viaClientId = await succeeded(store, 'SELL', 'other', 0, 9_000);
    await store.addExchangeTrades([
      trade('t1', 'BUY', '0.05', 1_000),
      trade('t2', 'SELL', '0.01', 5_000),
      trade('t3', 'SELL', '0.01', 9_000, viaClientId.clientOrderId),
    ]);
    expect(store.trades.map((t) => t.transactionId)).toEqual([buy.id, sell.id, viaClientId.id]);
    expect([...store.transactions.values()].map((t) => t.positionId)).toEqual(['1', '1', '1']);
    const { actions } = (await store.activePosition(S))!;
    expect(actions.increases.map((a) => a.txID)).toEqual([buy.id]);
    // Level 2 waits its 80 minutes from 5,000 ms; level 0 its 240 minutes from 9,000 ms.
    expect(actions.decreases[2]).toEqual([
      { txID: sell.id, eventTime: 5_000, nextEventTime: 5_000 + 80 * 60_000 },
    ]);
    expect(actions.decreases[0]![0]!.nextEventTime).toBe(9_000 + 240 * 60_000);
  });

  it('keeps one price candle per minute and refuses unknown positions', async () => {
    const store = new MemoryEngineStore();
    await store.addExchangeTrades([trade('1', 'BUY', '0.01', 0)]);
    for (const [time, price] of [
      [60_000, '10'],
      [70_000, '12'],
      [80_000, '9'],
      [120_000, '11'],
    ] as const) {
      await store.recordPositionPrice('1', time, price);
    }
    expect(store.prices.get('1')).toEqual([
      { time: 60_000, open: '10', high: '12', low: '9', close: '9' },
      { time: 120_000, open: '11', high: '11', low: '11', close: '11' },
    ]);
    await expect(store.recordPositionPrice('7', 0, '1')).rejects.toMatchObject({
      errorName: 'ENGINE_STORE_INVALID',
    });
  });

  it('keeps runtime values as JSON and one reversal point per minute', async () => {
    const store = new MemoryEngineStore();
    expect(await store.loadRuntime('k')).toBeNull();
    await store.saveRuntime('k', { a: [1, 2] });
    expect(await store.loadRuntime('k')).toEqual({ a: [1, 2] });
    const point = { liquidity: 1, coinsQuote: 2, coinsBase: 3, total: 6 };
    for (const time of [0, 30_000, 60_000]) await store.recordReversalPoint('c', { ...point, time });
    expect(store.reversalPoints.get('c')!.map((p) => p.time)).toEqual([0, 60_000]);
  });
});
