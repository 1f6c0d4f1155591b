import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { DELIVERY_LEASE_MS } from './delivery-queue.js';
import { deliveryHarness, telegramSuite } from './test-support.js';

const T0 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const note = (index: number) => ({ sender: 'server', title: `Alarm ${index}`, description: `(${index})` });

// Two queues on one database stand for two instances of the platform (docs/shared-state.md).
describeEachDatabase('Telegram delivery with two instances', (ctx) => {
  const suite = telegramSuite(() => ctx().handle.db, T0);
  const instance = (name: string) => {
    const built = deliveryHarness(ctx().handle, suite.stand, { clock: suite.clock, instance: name });
    suite.running.push(built);
    return built;
  };
  const pass = async (ms: number) => {
    suite.clock.advance(ms);
    for (const h of suite.running) await h.queue.settled();
  };
  const titles = () => suite.stand.messages.map((m) => m.text.split('\n')[0]);

  it('sends each notification once, in id order, 10 s apart, whichever instance queued it', async () => {
    const a = instance('a');
    const b = instance('b');
    await a.queue.start();
    await b.queue.start();
    for (const index of [1, 2, 3, 4, 5, 6]) {
      await (index % 2 === 0 ? b : a).notifications.add(note(index), T0);
    }
    // The first send is due now: let the woken queues finish it before the clock moves on.
    await pass(0);
    for (let step = 0; step < 12; step += 1) await pass(5_000);
    await pass(3_600_000);
    expect(titles()).toEqual([1, 2, 3, 4, 5, 6].map((index) => `<b>Alarm ${index}</b>`));
    // One request per 10 s for the whole cluster: T0, +10 s, … +50 s.
    expect(suite.stand.messages.map((m) => m.at - T0)).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000]);
    expect(suite.stand.requests).toBe(6);
  });

  it('lets another instance take over the rows of one that died holding the lease', async () => {
    // An instance that died mid-queue: its lease runs until T0 + 60 s.
    await ctx()
      .handle.db.insertInto('cluster_lease')
      .values({ name: 'telegram-delivery', holder: 'dead', expires_at: T0 + DELIVERY_LEASE_MS })
      .execute();
    const b = instance('b');
    await b.queue.start();
    await b.notifications.add(note(1), T0);
    await b.queue.settled();
    // The instance retries every 10 s; the lease is free from T0 + 60 s.
    for (let at = 10_000; at < DELIVERY_LEASE_MS; at += 10_000) await pass(10_000);
    expect(suite.stand.messages).toHaveLength(0);
    await pass(10_000);
    expect(titles()).toEqual(['<b>Alarm 1</b>']);
    // Taken at the retry (every 10 s) at T0 + 60 s, when the lease ran out.
    expect(suite.stand.messages.map((m) => m.at - T0)).toEqual([60_000]);
  });
});
