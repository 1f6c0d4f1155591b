import { CodedError } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import type { ExchangePort } from '../../ports/exchange.js';
import { gate } from '../testing/gate.js';
import { BALANCES, INTENT, runner, scripted } from '../testing/scripted-runner.js';

const request = { side: 'BUY', amount: '0.01', intent: INTENT } as const;

/** A confirmation wait that no time ends, only the stop; `sleeping` resolves once one began. */
function waitForStop() {
  const entered = gate();
  const sleep = (_ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      entered.open();
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
  return { sleep, sleeping: entered.opened };
}

const actions = (stored: { transaction: { logs: Array<{ action: string }> } } | undefined) =>
  stored?.transaction.logs.map((log) => log.action);

describe('TransactionRunner: stopping', () => {
  it('a stop during the confirmation wait looks the order up at once: SUCCEEDED', async () => {
    const { exchange, calls } = scripted(['fill']);
    const { sleep, sleeping } = waitForStop();
    const { runner: run, stop } = runner(exchange, sleep);
    const executing = run.execute(request, BALANCES);
    await sleeping;
    stop.request();
    expect((await executing).transaction.status).toBe('SUCCEEDED');
    expect(calls).toEqual({ place: 1, lookup: 1 });
  });

  it('a stop whose look-up finds no order leaves it PROCESSING instead of placing again', async () => {
    // The placement's outcome is unknown (nothing reached the exchange): normally looked up, then placed again.
    const { exchange, calls, orders } = scripted([
      new CodedError('EXCHANGE_ORDER_OUTCOME_UNKNOWN', 'timeout'),
    ]);
    const { sleep, sleeping } = waitForStop();
    const { runner: run, stop, store, recording } = runner(exchange, sleep);
    const executing = run.execute(request, BALANCES);
    await sleeping;
    stop.request();
    await expect(executing).rejects.toMatchObject({ errorName: 'ENGINE_STOPPED_ORDER_PENDING' });
    expect(calls).toEqual({ place: 1, lookup: 1 });
    const [left] = await store.processingTransactions();
    expect(actions(left)).toEqual(['INITIAL_BALANCES', 'EXECUTION', 'CONFIRMATION']);
    expect(recording.titles()).toEqual(['Transaction left for reconciliation']);
    // The next start's runner reconciles it: still nothing at the exchange, so it is placed, once.
    const next = runner(exchange);
    const resumed = await next.runner.resume(left!);
    expect(resumed.transaction.status).toBe('SUCCEEDED');
    expect([calls.place, orders.size]).toEqual([2, 1]);
  });

  it('once stopping, no transaction starts and none resumes', async () => {
    const { exchange, calls } = scripted(['fill']);
    const { runner: run, stop, store } = runner(exchange);
    stop.request();
    await expect(run.execute(request, BALANCES)).rejects.toMatchObject({ errorName: 'ENGINE_NOT_STARTED' });
    expect(store.transactions.size).toBe(0);
    const pending = { transaction: { id: '3' }, intent: INTENT, positionId: null } as never;
    await expect(run.resume(pending)).rejects.toMatchObject({ errorName: 'ENGINE_NOT_STARTED' });
    expect(calls).toEqual({ place: 0, lookup: 0 });
  });

  it('an abandoned transaction saves nothing more, even when its order is answered later', async () => {
    const { exchange, calls } = scripted(['fill']);
    const placed = gate();
    const answer = gate();
    const hung: ExchangePort = {
      ...exchange,
      marketOrder: async (...args) => {
        // The exchange takes the order at once; its answer comes when the test says.
        const order = await exchange.marketOrder(...args);
        placed.open();
        await answer.opened;
        return order;
      },
    };
    const { runner: run, stop, store, recording } = runner(hung);
    const executing = run.execute(request, BALANCES);
    await placed.opened;
    expect(run.inFlight).toBe('1');
    stop.request();
    stop.abandon(run.inFlight);
    answer.open();
    await expect(executing).rejects.toMatchObject({ errorName: 'ENGINE_STOPPED_ORDER_PENDING' });
    expect(actions(store.transactions.get('1'))).toEqual(['INITIAL_BALANCES']);
    expect(store.transactions.get('1')?.transaction.status).toBe('PROCESSING');
    expect([calls.place, run.inFlight, recording.titles()]).toEqual([1, null, []]);
  });
});
