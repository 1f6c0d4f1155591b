import { describe, expect, it } from 'vitest';
import { monotonicNonce, SerialQueue } from './serial-queue.js';

describe('SerialQueue', () => {
  it('runs one task at a time, in order, and goes on after a failure', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    let running = 0;
    const task =
      (name: string, fail = false) =>
      async () => {
        running++;
        log.push(`start ${name} (${running} running)`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      queue.run(task('a')),
      queue.run(task('b', true)),
      queue.run(task('c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual([
      'start a (1 running)',
      'end a',
      'start b (1 running)',
      'end b',
      'start c (1 running)',
      'end c',
    ]);
  });
});

describe('monotonicNonce', () => {
  it('strictly increases when the clock stands still or goes back', () => {
    const clock = [1000, 1000, 999, 1005];
    const nonce = monotonicNonce(() => clock.shift() ?? 0);
    expect([nonce(), nonce(), nonce(), nonce()]).toEqual([1000, 1001, 1002, 1005]);
  });
});
