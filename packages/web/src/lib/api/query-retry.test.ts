import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { shouldRetryQuery } from './query-retry';

describe('shouldRetryQuery', () => {
  it('never repeats an API answer: a not-found, a refusal, or a network failure the client already retried', () => {
    expect(shouldRetryQuery(0, new ApiError('There is no position with this id', 3760))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('offline', -1, 'NETWORK_ERROR'))).toBe(false);
  });

  it('repeats anything else once', () => {
    expect(shouldRetryQuery(0, new TypeError('x is undefined'))).toBe(true);
    expect(shouldRetryQuery(1, new TypeError('x is undefined'))).toBe(false);
  });
});
