import { describe, expect, it } from 'vitest';
import type { ExchangePort } from '../ports/exchange.js';
import type { EngineScheduler } from './schedule.js';
import { gate } from './testing/gate.js';
import { harnessFixture } from './testing/sim-harness.js';
import { flat, minuteTable } from './testing/tables.js';

const FLAT = minuteTable(flat(30_000, 200));

const simHarness = harnessFixture();

/**
 * The harness's exchange, except that an order is executed at once but answered only when the
 * test says (`answer`): a connection that hangs after the exchange took the order.
 */
function hangingOrders(exchange: ExchangePort) {
  const placed = gate();
  const answer = gate();
  let answered = false;
  const hung: ExchangePort = Object.create(exchange);
  hung.marketOrder = async (...args) => {
    const order = await exchange.marketOrder(...args);
    placed.open();
    await answer.opened;
    answered = true;
    return order;
  };
  return { exchange: hung, placed: placed.opened, answer: answer.open, answered: () => answered };
}

/** Flushes pending promise callbacks (no timer involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('live engine: stopping with an order in flight', () => {
  it('leaves an order the exchange does not answer within the grace PROCESSING; the next start reconciles it once', async () => {
    const harness = simHarness(FLAT, 128);
    const { store, time, locks, notifier } = harness;
    const orders = hangingOrders(harness.exchange);
    const engine = harness.second({ exchange: orders.exchange });
    await engine.start();
    await engine.tick();
    const manual = engine.increase();
    await orders.placed;
    let stopped = false;
    const stopping = engine.stop().then(() => {
      stopped = true;
    });
    await settle();
    // The stop waits for the order, up to its grace (3 s on the engine's clock)…
    expect([stopped, time.pending]).toEqual([false, [time.now + 3_000]]);
    time.advanceTimers(3_000);
    await stopping;
    // …then stops while the exchange's answer is still pending.
    expect([orders.answered(), engine.mode, locks.held]).toEqual([false, 'stopped', false]);
    await expect(manual).rejects.toMatchObject({ errorName: 'ENGINE_STOPPED_ORDER_PENDING' });
    const [left] = await store.processingTransactions();
    expect(left?.transaction.logs.map((log) => log.action)).toEqual(['INITIAL_BALANCES']);
    expect(notifier.titles('transaction')).toEqual(['Transaction left for reconciliation']);

    // The late answer changes nothing in the store.
    orders.answer();
    await settle();
    expect(await store.processingTransactions()).toEqual([left]);

    // The next start finds the order by its client order id: SUCCEEDED, and still one order.
    const restarted = harness.second();
    await restarted.start();
    expect(store.transactions.get(left!.transaction.id)?.transaction.status).toBe('SUCCEEDED');
    expect(await harness.exchange.trades(0)).toHaveLength(1);
    await restarted.stop();
  });

  it('cuts the confirmation wait short: the order is looked up at once and the manual call gets it', async () => {
    const harness = simHarness(FLAT, 128);
    const { time, store } = harness;
    const sleeping = gate();
    // A confirmation delay that only the stop ends.
    const schedule: EngineScheduler = {
      timer: (ms, run) => time.timer(ms, run),
      sleep: (_ms, signal) =>
        new Promise((resolve) => {
          sleeping.open();
          signal?.addEventListener('abort', () => resolve(), { once: true });
        }),
    };
    const engine = harness.second({ schedule });
    await engine.start();
    await engine.tick();
    const manual = engine.increase();
    await sleeping.opened;
    await engine.stop();
    expect((await manual).transaction.status).toBe('SUCCEEDED');
    expect([time.pending, await store.processingTransactions()]).toEqual([[], []]);
    expect(await harness.exchange.trades(0)).toHaveLength(1);
  });

  it('a manual call stuck before it placed anything answers ENGINE_NOT_STARTED: no transaction, nothing to reconcile', async () => {
    const harness = simHarness(FLAT, 128);
    const { store, time, notifier } = harness;
    const hung: ExchangePort = Object.create(harness.exchange);
    const reading = gate();
    const engine = harness.second({ exchange: hung });
    await engine.start();
    await engine.tick();
    // From now on the exchange never answers a balance read: the manual call waits before deciding.
    hung.balances = () => {
      reading.open();
      return new Promise(() => {});
    };
    const manual = engine.increase();
    await reading.opened;
    const stopping = engine.stop();
    time.advanceTimers(3_000);
    await stopping;
    await expect(manual).rejects.toMatchObject({ errorName: 'ENGINE_NOT_STARTED' });
    expect([store.transactions.size, notifier.titles('transaction')]).toEqual([0, []]);
  });
});
