import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { credentialKeys } from './guard-keys.js';
import { GuessingGuard } from './guessing-guard.js';

describeEachDatabase('guessing guard under concurrent attempts', (ctx) => {
  it('counts an attempt while a concurrent success clears the count, never failing on the vanished row', async () => {
    const guard = new GuessingGuard(() => ctx().handle.db);
    // Two keys a success clears (a device's and an address's): each begin locks both, in key order,
    // while the success deletes them one by one.
    const subject = { userId: '424242' };
    const keys = [
      ...credentialKeys(subject, '192.0.2.1', 'AbCdEfGhIjKlMnOpQrStUv'),
      ...credentialKeys(subject, '192.0.2.1', null).filter((key) => key.scope === 'address'),
    ];
    const now = 1_700_000_000_000;
    // Each round: the counts exist; two attempts begin while a success deletes them. Before the fix
    // an attempt could insert nothing (the row was there), then select nothing (it was gone).
    for (let round = 0; round < 40; round += 1) {
      await guard.begin(keys, now);
      const outcomes = await Promise.allSettled([
        guard.begin(keys, now),
        guard.succeeded(keys),
        guard.begin(keys, now),
      ]);
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(failures.map((failure) => String((failure as PromiseRejectedResult).reason))).toEqual([]);
      await guard.succeeded(keys);
    }
  });
});
