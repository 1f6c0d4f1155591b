import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { GuessingGuard } from './guessing-guard.js';

describeEachDatabase('guessing guard under concurrent attempts', (ctx) => {
  it('counts an attempt while a concurrent success clears the count, never failing on the vanished row', async () => {
    const guard = new GuessingGuard(() => ctx().handle.db);
    const subject = { userId: '424242' };
    const now = 1_700_000_000_000;
    // Each round: the count exists; two attempts begin while a success deletes it. Before the fix
    // an attempt could insert nothing (the row was there), then select nothing (it was gone).
    for (let round = 0; round < 40; round += 1) {
      await guard.begin(subject, now);
      const outcomes = await Promise.allSettled([
        guard.begin(subject, now),
        guard.succeeded(subject),
        guard.begin(subject, now),
      ]);
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(failures.map((failure) => String((failure as PromiseRejectedResult).reason))).toEqual([]);
      await guard.succeeded(subject);
    }
  });
});
