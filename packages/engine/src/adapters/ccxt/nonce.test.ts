import { describe, expect, it } from 'vitest';
import { monotonicNonce } from './nonce.js';

describe('monotonicNonce', () => {
  it('strictly increases when the clock stands still or goes back', () => {
    const clock = [1000, 1000, 999, 1005];
    const nonce = monotonicNonce(() => clock.shift() ?? 0);
    expect([nonce(), nonce(), nonce(), nonce()]).toEqual([1000, 1001, 1002, 1005]);
  });
});
