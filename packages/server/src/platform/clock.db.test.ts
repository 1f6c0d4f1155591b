import { expect, it } from 'vitest';
import { signedInOperator } from '../features/engine/test-support.js';
import { describeEachReadyApp, testClock } from '../testing/ready-app.js';

/** The platform clock's wall time: an hour ahead of the real one, so that no stray Date.now() passes. */
const wall = testClock(Date.now() + 60 * 60_000);

describeEachReadyApp(
  'one clock: the routes stamp the platform clock, not the system time',
  (ready) => {
    it('answers the essentials, stores a test notification and a blacklist entry at the wall time', async () => {
      const operator = await signedInOperator(ready(), 4);
      const now = wall.advance(1_000);
      const essentials = await operator.read<{ serverTime: number }>('/data-join/app-essentials');
      expect(essentials.serverTime).toBe(now);
      const notified = await operator.send({ method: 'POST', url: '/notification/test' }, true);
      expect(notified.data).toMatchObject({ stored: { event_time: now } });
      const blocked = await operator.send(
        { method: 'POST', url: '/ip-blacklist', body: { ip: '203.0.113.9', notes: 'clock test' } },
        true,
      );
      expect(blocked.data).toMatchObject({ ip: '203.0.113.9', event_time: now });
    });

    it('gives the engine the same clock, its market time the simulator replay', () => {
      const { clock } = ready().services;
      expect(clock.wallNow()).toBe(wall.now());
      // The simulator replays at 60×: its market time moves 60 ms for every wall ms.
      const before = clock.marketNow();
      wall.advance(1_000);
      expect(clock.marketNow() - before).toBe(60_000);
    });
  },
  { engineNow: wall.now },
);
