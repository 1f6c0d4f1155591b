import { startTransaction } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { harnessFixture, type SimHarness } from './testing/sim-harness.js';
import { flat, minuteTable } from './testing/tables.js';
import { FIRST_START_KEY } from './trades/trade-sync.js';

const FLAT = minuteTable(flat(30_000, 200));
const INTENT = { kind: 'increase', level: null, manual: true } as const;

const simHarness = harnessFixture();

/** A transaction saved as PROCESSING by an engine killed before (or right after) placing it. */
async function interrupted(h: SimHarness, placed: boolean) {
  // The engine that was killed had started on this database before (trade sync starts there).
  await h.store.saveRuntime(FIRST_START_KEY, h.time.now - 60_000);
  const id = await h.store.reserveTransactionId();
  const balances = await h.exchange.balances();
  const tx = startTransaction({ id, side: 'BUY', amount: '0.01' }, balances.free, h.time.now);
  await h.store.saveTransaction(tx, INTENT);
  if (placed) await h.exchange.marketOrder('BUY', '0.01', tx.clientOrderId);
  h.time.advance(30_000);
  return tx;
}

describe('live engine: start-up reconciliation', () => {
  it.each([
    ['whose order exists at the exchange ends SUCCEEDED without a second order', true],
    ['whose order never reached the exchange is placed exactly once', false],
  ])('a PROCESSING transaction %s', async (_name, placed) => {
    const harness = simHarness(FLAT, 128);
    const { engine, store, exchange, notifier } = harness;
    const tx = await interrupted(harness, placed);
    await engine.start();
    // Settled during start(), before the first tick could decide anything.
    expect(engine.mode).toBe('trading');
    const stored = store.transactions.get(tx.id)!;
    expect(stored.transaction.status).toBe('SUCCEEDED');
    const reconciled = stored.transaction.logs.find((log) => log.action === 'CONFIRMATION');
    expect(reconciled?.payload).toMatchObject({ reconciled: true });
    expect(stored.transaction.attempts).toBe(placed ? 0 : 1);
    const trades = await exchange.trades(0);
    expect(trades).toHaveLength(1);
    expect(trades[0]!.clientOrderId).toBe(tx.clientOrderId);
    // Trades synced at once, linked to the transaction and its position.
    expect(store.trades).toEqual([expect.objectContaining({ positionId: '1', transactionId: tx.id })]);
    expect(stored.positionId).toBe('1');
    expect(notifier.titles('transaction')).toEqual(['Transaction succeeded']);
    await engine.tick();
    expect(await exchange.trades(0)).toHaveLength(1);
  });
});
