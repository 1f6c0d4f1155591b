import { RUNTIME_KEYS } from '@balancer/engine';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachReadyApp, testClock } from '../../testing/ready-app.js';

/** The engine's wall clock: the test moves it; the simulator replays at 60× from it. */
const wall = testClock();

describeEachReadyApp(
  'engine runtime writes on the simulator at 60×',
  (ready) => {
    /** The transaction id that last wrote each runtime row: a new one per rewrite. */
    const versions = async () => {
      const result = await sql<{ key: string; xmin: string }>`
        select key, xmin::text as xmin from engine_runtime order by key`.execute(ready().db);
      return new Map(result.rows.map((row) => [row.key, row.xmin]));
    };

    it('rewrites the coins windows by the wall clock, not on every 3 s tick', async () => {
      const coins = new Set<string>();
      const reversal = new Set<string>();
      // 5 wall minutes of 3 s ticks: 100 ticks, 5 market hours.
      for (let tick = 0; tick < 100; tick += 1) {
        wall.advance(3_000);
        await ready().tick();
        const rows = await versions();
        coins.add(rows.get(RUNTIME_KEYS.coins) ?? 'absent');
        reversal.add(rows.get(RUNTIME_KEYS.reversal) ?? 'absent');
      }
      // Written by the first tick (when the app was built), not again within 10 wall minutes.
      expect(coins.size).toBe(1);
      expect(coins.has('absent')).toBe(false);
      // The reversal state is rewritten only when a crash starts or ends (the replayed candles
      // may hold one), never merely because a tick passed.
      const crashes = await ready().db.selectFrom('crash').select('id').execute();
      expect(reversal.size).toBeLessThanOrEqual(1 + 2 * crashes.length);
    });

    it('writes the changed coins windows again once 10 wall minutes have passed', async () => {
      const before = (await versions()).get(RUNTIME_KEYS.coins);
      wall.advance(10 * 60_000);
      await ready().tick();
      expect((await versions()).get(RUNTIME_KEYS.coins)).not.toBe(before);
    });
  },
  { engineNow: wall.now },
);
