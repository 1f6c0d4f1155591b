import { describe, expect, it } from 'vitest';
import { errorNameOf } from '../adapters/simulator/test-table.js';
import { harnessFixture } from './testing/sim-harness.js';
import { flat, minuteTable } from './testing/tables.js';

const FLAT = minuteTable(flat(30_000, 200));

const simHarness = harnessFixture();

describe('live engine: manual increase and decrease', () => {
  it('increases without gates, then decreases a percentage of the position', async () => {
    const harness = simHarness(FLAT, 128);
    const { engine, store, exchange } = harness;
    expect(await errorNameOf(() => engine.increase())).toBe('ENGINE_NOT_STARTED');
    await engine.start();
    expect(await errorNameOf(() => engine.increase())).toBe('ENGINE_NO_MARKET_DATA');
    await engine.tick();
    expect(await errorNameOf(() => engine.decrease(50))).toBe('ENGINE_NO_POSITION');
    const buy = await engine.increase();
    // 1000 quote ÷ 30,000 = 0.0333… → 0.03333 BTC (5 dp, down).
    expect(buy).toMatchObject({
      transaction: { status: 'SUCCEEDED', side: 'BUY', amount: '0.03333' },
      intent: { kind: 'increase', level: null, manual: true },
    });
    await engine.tick();
    expect(engine.snapshot()!.position).toMatchObject({ id: '1', amount: '0.03333' });
    const sell = await engine.decrease(50);
    // 50 % of 0.03333 = 0.016665 → 0.01666 (5 dp, down); 0.01667 stays (≥ 0.0002).
    expect(sell).toMatchObject({
      transaction: { status: 'SUCCEEDED', side: 'SELL', amount: '0.01666' },
      intent: { kind: 'decrease', level: null, manual: true },
    });
    await engine.tick();
    const position = engine.snapshot()!.position!;
    expect(position.amount).toBe('0.01667'); // 0.03333 − 0.01666
    // A manual sell belongs to no level: no decrease action, no level wait started.
    expect(position.actions.decreases.every((list) => list.length === 0)).toBe(true);
    expect(position.actions.increases).toHaveLength(1);
    // 100 % sells the rest and closes the position.
    await engine.decrease(100);
    await engine.tick();
    expect(engine.snapshot()!.position).toBeNull();
    expect(store.positions).toEqual([expect.objectContaining({ id: '1', close: expect.any(Number) })]);
    expect((await exchange.trades(0)).map((t) => t.side)).toEqual(['BUY', 'SELL', 'SELL']);
    expect(await errorNameOf(() => engine.decrease(0))).toBe('INVALID_DECREASE_PERCENTAGE');
  });

  it('refuses an increase the free balance cannot pay', async () => {
    // 5 USDT buys 0.00016 BTC at 30,000: under the 0.0002 minimum.
    const harness = simHarness(FLAT, 128, { balances: { USDT: '5', BTC: '0' } });
    const { engine, store } = harness;
    await engine.start();
    await engine.tick();
    expect(await errorNameOf(() => engine.increase())).toBe('ENGINE_INSUFFICIENT_BALANCE');
    expect(store.transactions.size).toBe(0);
  });
});
