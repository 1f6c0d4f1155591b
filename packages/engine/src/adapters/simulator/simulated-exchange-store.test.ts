import { describe, expect, it } from 'vitest';
import { type AccountStateStore, memoryAccountStateStore } from '../account-state.js';
import { errorNameOf, tinySimulator } from './test-table.js';

/** A simulator on the tiny table (ask 100.03 / bid 99.97 at wall 0) keeping its account in `store`. */
const simulator = (store: AccountStateStore, balances?: Record<string, string>) =>
  tinySimulator(balances, store);

describe('SimulatedExchange with an account store', () => {
  it('saves after every order, before returning it (a kill -9 right after loses nothing)', async () => {
    const store = memoryAccountStateStore();
    const { sim } = simulator(store);
    const order = await sim.marketOrder('BUY', '0.5', 'buy-1');
    expect(store.saves()).toBe(1);
    expect(store.current()).toMatchObject({ kind: 'simulator', symbol: 'BTCUSDT', orders: [order] });
    await sim.marketOrder('BUY', '0.5', 'buy-1'); // idempotent: nothing new to save
    expect(store.saves()).toBe(1);
  });

  it('a new instance on the same store knows every order, its fills and the balances', async () => {
    const store = memoryAccountStateStore();
    const first = simulator(store);
    const buy = await first.sim.marketOrder('BUY', '0.5', 'buy-1');
    first.clock.now = 20_000;
    const sell = await first.sim.marketOrder('SELL', '0.2', 'sell-1');
    const balances = (await first.sim.balances()).free;
    // "Restart": the first instance is dropped without close; other start balances are ignored.
    const second = simulator(store, { USDT: '5', BTC: '0' });
    await second.sim.start();
    expect(await second.sim.orderByClientId('buy-1')).toEqual(buy);
    expect(await second.sim.orderByClientId('sell-1')).toEqual(sell);
    expect((await second.sim.trades(0)).map((t) => [t.clientOrderId, t.id])).toEqual([
      ['buy-1', 'sim-trade-1'],
      ['sell-1', 'sim-trade-2'],
    ]);
    expect((await second.sim.balances()).free).toEqual(balances);
    // A retry of an old id returns the old order; a new one continues the numbering.
    expect(await second.sim.marketOrder('BUY', '0.9', 'buy-1')).toEqual(buy);
    const next = await second.sim.marketOrder('BUY', '0.1', 'buy-2');
    expect(next.exchangeOrderId).toBe('sim-order-3');
  });

  it('refuses a bad saved state with a coded error, and tries the store again next time', async () => {
    let state: unknown = {
      version: 1,
      kind: 'simulator',
      symbol: 'BTCUSDT',
      balances: { USDT: 'lots' },
      orders: [],
    };
    const store: AccountStateStore = { load: async () => state, save: async () => undefined };
    const { sim } = simulator(store);
    expect(await errorNameOf(() => sim.start())).toBe('EXCHANGE_ACCOUNT_STATE_INVALID');
    expect(await errorNameOf(() => sim.balances())).toBe('EXCHANGE_ACCOUNT_STATE_INVALID');
    state = null;
    expect((await sim.balances()).free).toEqual({ USDT: '10000', BTC: '0' });
  });

  it('undoes the order when the save fails, so a retry with the same id places it once', async () => {
    const inner = memoryAccountStateStore();
    let failNext = true;
    const store: AccountStateStore = {
      load: () => inner.load(),
      save: async (state) => {
        if (failNext) {
          failNext = false;
          throw new Error('database down');
        }
        await inner.save(state);
      },
    };
    const { sim } = simulator(store);
    expect(await errorNameOf(() => sim.marketOrder('BUY', '0.5', 'buy-1'))).toBe(
      'EXCHANGE_ACCOUNT_STATE_SAVE_FAILED',
    );
    expect(await sim.orderByClientId('buy-1')).toBeNull();
    expect((await sim.balances()).free).toEqual({ USDT: '10000', BTC: '0' });
    const order = await sim.marketOrder('BUY', '0.5', 'buy-1');
    expect(order.exchangeOrderId).toBe('sim-order-1');
    expect(inner.saves()).toBe(1);
  });

  it('runs concurrent orders one at a time: the same id twice gives one order', async () => {
    const store = memoryAccountStateStore();
    const { sim } = simulator(store);
    const [a, b] = await Promise.all([
      sim.marketOrder('BUY', '0.5', 'same'),
      sim.marketOrder('BUY', '0.5', 'same'),
    ]);
    expect(b).toEqual(a);
    expect(await sim.trades(0)).toHaveLength(1);
    expect(store.saves()).toBe(1);
  });
});
