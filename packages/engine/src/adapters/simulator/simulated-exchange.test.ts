import { Decimal } from '@balancer/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedExchange } from './simulated-exchange.js';
import { errorNameOf, tinySimulator as exchange, T0, tinyTable } from './test-table.js';

describe('SimulatedExchange', () => {
  it('says it is simulated', () => {
    const { sim } = exchange();
    expect(sim.simulated).toBe(true);
    expect(sim.name).toContain('simulated');
  });

  it('fills a BUY at the best ask with a 0.1 % fee in USDT', async () => {
    const { sim } = exchange();
    // Price 100 (10,000 ¢), previous-candle range (110 − 95) / 95 = 0.15789…: half spread
    // round(10,000 · 0.15789 · 0.002) = round(3.158) = 3 ¢ → ask 100.03.
    const order = await sim.marketOrder('BUY', '0.5', 'buy-1');
    // quote 0.5 · 100.03 = 50.015; fee 50.015 · 0.001 = 0.050015 (8 dp, exact).
    expect(order.fills[0]).toMatchObject({ price: '100.03', quoteAmount: '50.015', commission: '0.050015' });
    expect(order).toMatchObject({ status: 'FILLED', filled: '0.5', quoteFilled: '50.015' });
    // USDT 10,000 − 50.015 − 0.050015 = 9,949.934985; BTC 0 + 0.5.
    expect((await sim.balances()).free).toEqual({ USDT: '9949.934985', BTC: '0.5' });
  });

  it('fills a SELL at the best bid, the fee taken from the proceeds', async () => {
    const { sim } = exchange({ USDT: '0', BTC: '1' });
    // Bid 100 − 0.03 = 99.97; quote 0.3 · 99.97 = 29.991; fee 0.029991; received 29.961009.
    const order = await sim.marketOrder('SELL', '0.3', 'sell-1');
    expect(order.fills[0]).toMatchObject({ price: '99.97', quoteAmount: '29.991', commission: '0.029991' });
    expect((await sim.balances()).free).toEqual({ USDT: '29.961009', BTC: '0.7' });
  });

  it('is idempotent by client order id and finds orders by it', async () => {
    const { sim, clock } = exchange();
    const first = await sim.marketOrder('BUY', '0.5', 'same-id');
    clock.now = 20_000;
    const second = await sim.marketOrder('BUY', '0.9', 'same-id');
    expect(second).toEqual(first);
    expect((await sim.balances()).free.BTC).toBe('0.5');
    expect(await sim.orderByClientId('same-id')).toEqual(first);
    expect(await sim.orderByClientId('other')).toBeNull();
  });

  it('lists trades since a time, oldest first', async () => {
    const { sim, clock } = exchange();
    await sim.marketOrder('BUY', '0.2', 'a');
    clock.now = 20_000;
    await sim.marketOrder('BUY', '0.2', 'b');
    // Fills carry market time: wall 20 s at speed 60 is 20 min after the first candle's open.
    expect(sim.marketNow()).toBe(T0 + 20_000 * 60);
    expect((await sim.trades(0)).map((trade) => trade.time)).toEqual([T0, T0 + 1_200_000]);
    expect((await sim.trades(T0 + 1_200_000)).map((trade) => trade.clientOrderId)).toEqual(['b']);
  });

  it('refuses bad orders with coded errors and changes nothing', async () => {
    const { sim } = exchange({ USDT: '20', BTC: '0' });
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['EXCHANGE_ORDER_LOT_SIZE', () => sim.marketOrder('BUY', '0.123456', 'x1')],
      ['EXCHANGE_ORDER_LOT_SIZE', () => sim.marketOrder('BUY', '0.000001', 'x2')],
      // 0.05 · 100.03 = 5.0015 < 10.
      ['EXCHANGE_ORDER_MIN_NOTIONAL', () => sim.marketOrder('BUY', '0.05', 'x3')],
      // 0.2 · 100.03 = 20.006 (+ fee) > 20.
      ['EXCHANGE_INSUFFICIENT_BALANCE', () => sim.marketOrder('BUY', '0.2', 'x4')],
      ['EXCHANGE_INSUFFICIENT_BALANCE', () => sim.marketOrder('SELL', '0.2', 'x5')],
      ['EXCHANGE_ORDER_INVALID', () => sim.marketOrder('BUY', 'NaN', 'x6')],
      ['EXCHANGE_ORDER_INVALID', () => sim.marketOrder('BUY', '-1', 'x7')],
      ['EXCHANGE_ORDER_INVALID', () => sim.marketOrder('HOLD' as 'BUY', '0.2', 'x8')],
      ['EXCHANGE_ORDER_INVALID', () => sim.marketOrder('BUY', '0.2', 'bad id with spaces')],
      ['EXCHANGE_REQUEST_INVALID', () => sim.trades(Number.NaN)],
    ];
    for (const [name, run] of cases) expect(await errorNameOf(run)).toBe(name);
    expect((await sim.balances()).free).toEqual({ USDT: '20', BTC: '0' });
    expect(await sim.trades(0)).toEqual([]);
  });

  it('refuses bad configs and use after close', async () => {
    const table = tinyTable();
    const now = () => 0;
    expect(
      await errorNameOf(
        () => new SimulatedExchange({ table, market: { wallStart: 0 }, now, balances: { USDT: '-1' } }),
      ),
    ).toBe('EXCHANGE_SIMULATOR_CONFIG_INVALID');
    expect(
      await errorNameOf(
        () => new SimulatedExchange({ table, market: { wallStart: 0 }, now, feePercent: '100' }),
      ),
    ).toBe('EXCHANGE_SIMULATOR_CONFIG_INVALID');
    const { sim } = exchange();
    await sim.close();
    expect(await errorNameOf(() => sim.balances())).toBe('EXCHANGE_CLOSED');
  });

  it('never lets a balance go negative, whatever the orders', async () => {
    const order = fc.record({
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      lots: fc.integer({ min: 1, max: 400_000 }),
      wall: fc.integer({ min: 0, max: 200_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(order, { maxLength: 15 }), async (orders) => {
        const { sim, clock } = exchange({ USDT: '1000', BTC: '1' });
        let i = 0;
        for (const { side, lots, wall } of orders.sort((a, b) => a.wall - b.wall)) {
          clock.now = wall;
          // lots · 0.00001 BTC: 0.00001 … 4 BTC.
          const amount = new Decimal(lots).shiftedBy(-5).toFixed();
          await sim.marketOrder(side, amount, `p${i++}`).catch(() => undefined);
          for (const value of Object.values((await sim.balances()).free)) {
            expect(new Decimal(value).isNegative()).toBe(false);
          }
        }
      }),
      { numRuns: 50 },
    );
  });
});
