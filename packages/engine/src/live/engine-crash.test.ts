import { Decimal, equitySample } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { harnessFixture } from './testing/sim-harness.js';
import { CRASH_CLOSES, minuteTable } from './testing/tables.js';

const simHarness = harnessFixture();

describe('live engine on the simulator: buy the dip', () => {
  it('a crash then a reversal opens a position at the fill price', async () => {
    const harness = simHarness(minuteTable(CRASH_CLOSES), 128);
    const { engine, store, exchange, notifier } = harness;
    await engine.start();
    expect(engine.mode).toBe('trading');
    // Until the crash (minute 150): market state only, no crash, no order.
    await harness.runUntil(150);
    expect(await exchange.trades(0)).toEqual([]);
    expect(store.crashes.size).toBe(0);
    // The crash and the rebound.
    await harness.runUntil(165);
    const crashes = [...store.crashes.values()];
    expect(crashes).toHaveLength(1);
    const crash = crashes[0]!;
    expect(crash.reversalEventTime).not.toBeNull();
    // The event fired during the rebound (after the bottom at minute 155), not during the fall.
    expect(crash.reversalEventTime!).toBeGreaterThan(crash.start);
    const trades = await exchange.trades(0);
    expect(trades).toHaveLength(1);
    const [buy] = trades;
    expect(buy!.side).toBe('BUY');
    expect(buy!.time).toBeGreaterThanOrEqual(crash.reversalEventTime!);
    // One transaction, SUCCEEDED, linked to position 1.
    const transactions = [...store.transactions.values()];
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({
      transaction: { status: 'SUCCEEDED', side: 'BUY', clientOrderId: buy!.clientOrderId },
      intent: { kind: 'increase', level: null, manual: false },
      positionId: '1',
    });
    // The stored trade and the active position: entry price = the only buy's price.
    expect(store.trades.map((t) => t.trade.id)).toEqual([buy!.id]);
    const position = engine.snapshot()!.position!;
    expect(position).toMatchObject({ id: '1', close: null, entryPrice: buy!.price, amount: buy!.amount });
    expect(position.actions.increases).toHaveLength(1);
    // amount = 1000 quote ÷ the tick's price, rounded down to 5 dp (0.00001 BTC ≈ 0.29 quote), filled
    // at the ask a few cents above: the quote spent is within 1 of 1000.
    expect(Math.abs(Number(buy!.quoteAmount) - 1000)).toBeLessThan(1);
    expect(notifier.titles('transaction')).toEqual(['Transaction succeeded']);
    expect(notifier.titles('position')).toEqual(['Position opened']);
    expect(store.reversalPoints.get(crash.id)!.length).toBeGreaterThan(3);
    expect(store.prices.get('1')!.length).toBeGreaterThan(0);
    // Equity: at most one sample a minute of market time; after the buy it holds the BTC bought.
    const minutes = store.equity.map((sample) => Math.floor(sample.time / 60_000));
    expect(minutes.length).toBeGreaterThan(30);
    expect(new Set(minutes).size).toBe(minutes.length);
    const last = store.equity.at(-1)!;
    expect(last.base).toBe(buy!.amount);
    // The stored quote is rounded to 2 dp; the equity was computed from the exact balance.
    const fromRounded = equitySample(last.time, last.quote, last.base, last.price).equity;
    expect(new Decimal(last.equity).minus(fromRounded).abs().lte('0.01')).toBe(true);
    expect(Number(last.equity)).toBeGreaterThan(Number(last.quote));
  });
});
