import { CodedError } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { ExchangeRateLimitedError } from '../adapters/ccxt/errors.js';
import { Backoff, backoffDelay, failureText } from './backoff.js';

describe('back-off', () => {
  it('doubles from 3 s to at most 60 s', () => {
    // 3 · 2^(n−1): 3, 6, 12, 24, 48, then capped at 60.
    expect([1, 2, 3, 4, 5, 6, 7, 100].map(backoffDelay)).toEqual([
      3_000, 6_000, 12_000, 24_000, 48_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('reports the start and the end of an outage once each', () => {
    const backoff = new Backoff();
    const error = new CodedError('EXCHANGE_UNAVAILABLE');
    expect([backoff.fail(error), backoff.fail(error), backoff.fail(error)]).toEqual([true, false, false]);
    expect(backoff.delay).toBe(12_000);
    expect(backoff.succeed()).toBe(true);
    expect(backoff.succeed()).toBe(false);
    expect(backoff.delay).toBe(0);
    expect(backoff.fail(error)).toBe(true);
  });

  it('waits the exchange’s Retry-After when longer', () => {
    const backoff = new Backoff();
    backoff.fail(new ExchangeRateLimitedError('429', 7));
    expect(backoff.delay).toBe(7_000);
    backoff.fail(new ExchangeRateLimitedError('429', 1));
    expect(backoff.delay).toBe(6_000);
  });

  it('describes coded and other failures', () => {
    expect(failureText(new CodedError('EXCHANGE_UNAVAILABLE', 'x'))).toMatch(/\(\d+\)$/);
    expect(failureText(new Error('boom'))).toBe('boom');
    expect(failureText('text')).toBe('text');
  });
});
