import { CodedError, startTransaction } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { BALANCES, INTENT, runner, scripted } from '../testing/scripted-runner.js';

const retry = () => new CodedError('EXCHANGE_ORDER_OUTCOME_UNKNOWN', 'timeout');
const request = { side: 'BUY', amount: '0.01', intent: INTENT } as const;

describe('TransactionRunner: one order’s steps', () => {
  it('saves the transaction before placing, then places, waits, confirms: SUCCEEDED', async () => {
    const { exchange, calls } = scripted(['fill']);
    const { runner: run, store, time, recording } = runner(exchange);
    const seenAtPlacement: unknown[] = [];
    const place = exchange.marketOrder.bind(exchange);
    exchange.marketOrder = async (...args) => {
      seenAtPlacement.push(store.transactions.get('1')?.transaction.logs.map((l) => l.action));
      return place(...args);
    };
    const stored = await run.execute(request, BALANCES);
    expect(seenAtPlacement).toEqual([['INITIAL_BALANCES']]);
    expect(stored.transaction.status).toBe('SUCCEEDED');
    expect(stored.transaction.logs.map((l) => l.action)).toEqual([
      'INITIAL_BALANCES',
      'EXECUTION',
      'CONFIRMATION',
    ]);
    expect(calls).toEqual({ place: 1, lookup: 1 });
    // The confirmation waited the 10 s delay: 1,000 + 10,000.
    expect(stored.transaction.logs.at(-1)!.eventTime).toBe(11_000);
    expect(time.now).toBe(11_000);
    expect(store.transactions.get('1')!.transaction).toEqual(stored.transaction);
    // A success is told by the caller once the trades are synced (announce.ts), with the fills seen.
    expect(recording.titles()).toEqual([]);
    expect(stored.fills.length).toBeGreaterThan(0);
    expect(stored.order?.clientOrderId).toBe(stored.transaction.clientOrderId);
  });

  it('an unknown outcome is looked up, then placed again with the same client id', async () => {
    const { exchange, calls } = scripted([retry(), new Error('socket hang up'), 'fill']);
    const { runner: run } = runner(exchange);
    const stored = await run.execute(request, BALANCES);
    expect(stored.transaction).toMatchObject({ status: 'SUCCEEDED', attempts: 3 });
    expect(calls).toEqual({ place: 3, lookup: 3 });
  });

  it('a definite rejection fails at once, without a look-up', async () => {
    const { exchange, calls } = scripted([new CodedError('EXCHANGE_ORDER_REJECTED', '-2010')]);
    const { runner: run, recording } = runner(exchange);
    const stored = await run.execute(request, BALANCES);
    expect(stored.transaction).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(calls).toEqual({ place: 1, lookup: 0 });
    expect(recording.notes[0]).toMatchObject({
      title: 'Transaction failed',
      description: expect.stringContaining('-2010'),
    });
  });

  it('fails after 6 placements that never reach the exchange', async () => {
    const { exchange, calls } = scripted(Array.from({ length: 6 }, retry));
    const { runner: run } = runner(exchange);
    const stored = await run.execute(request, BALANCES);
    expect(stored.transaction).toMatchObject({ status: 'FAILED', attempts: 6 });
    expect(calls.place).toBe(6);
  });

  it('a failing look-up leaves it PROCESSING in the store; resume reconciles without placing again', async () => {
    const { exchange, calls } = scripted(['fill'], 1);
    const { runner: run, store } = runner(exchange);
    await expect(run.execute(request, BALANCES)).rejects.toMatchObject({ errorName: 'EXCHANGE_UNAVAILABLE' });
    const [pending] = await store.processingTransactions();
    expect(pending!.transaction.logs.map((l) => l.action)).toEqual(['INITIAL_BALANCES', 'EXECUTION']);
    const stored = await run.resume(pending!);
    expect(stored.transaction.status).toBe('SUCCEEDED');
    expect(stored.transaction.logs.at(-1)!.payload).toMatchObject({ reconciled: true });
    expect(calls.place).toBe(1);
  });

  it('resume of a transaction saved but never placed places it once', async () => {
    const { exchange, calls } = scripted(['fill']);
    const { runner: run, store } = runner(exchange);
    const tx = startTransaction({ id: '9', side: 'SELL', amount: '0.002' }, BALANCES.free, 500);
    await store.saveTransaction(tx, INTENT);
    const stored = await run.resume({ transaction: tx, intent: INTENT, positionId: null });
    expect(stored.transaction).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    expect(calls).toEqual({ place: 1, lookup: 2 });
  });
});

describe('TransactionRunner: the engine lock', () => {
  it('a lock lost between saving and placing places nothing and leaves the transaction PROCESSING', async () => {
    const { exchange, calls } = scripted(['fill']);
    // Held when the order starts, lost by the moment it would be placed.
    const answers = [true, false];
    const { runner: run, store } = runner(exchange, undefined, () => answers.shift() ?? false);
    const refused = await run.execute(request, BALANCES).catch((error: CodedError) => error.errorName);
    expect(refused).toBe('ENGINE_LOCK_LOST');
    expect(calls).toEqual({ place: 0, lookup: 0 });
    // Left for the next leader's reconciliation, by its client order id.
    expect(store.transactions.get('1')!.transaction.status).toBe('PROCESSING');
  });

  it('a lock already lost starts no transaction at all', async () => {
    const { exchange, calls } = scripted(['fill']);
    const { runner: run, store } = runner(exchange, undefined, () => false);
    const refused = await run.execute(request, BALANCES).catch((error: CodedError) => error.errorName);
    expect([refused, calls.place, store.transactions.size]).toEqual(['ENGINE_LOCK_LOST', 0, 0]);
  });
});
