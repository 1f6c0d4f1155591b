import { CodedError } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { classifyCcxtError, redact, translateCcxtError } from './errors.js';

// Stand-ins with ccxt's class names and hierarchy (the translator reads the prototype chain).
class BaseError extends Error {}
class OperationFailed extends BaseError {}
class NetworkError extends OperationFailed {}
class DDoSProtection extends NetworkError {}
class RateLimitExceeded extends DDoSProtection {}
class ExchangeError extends BaseError {}
class InvalidOrder extends ExchangeError {}
class InsufficientFunds extends ExchangeError {}
class AuthenticationError extends ExchangeError {}

describe('translateCcxtError', () => {
  it('maps by the nearest known ccxt class', () => {
    expect(classifyCcxtError(new RateLimitExceeded('x'))).toBe('rateLimited');
    expect(classifyCcxtError(new NetworkError('x'))).toBe('unavailable');
    expect(classifyCcxtError(new InsufficientFunds('x'))).toBe('rejected');
    expect(classifyCcxtError(new InvalidOrder('x'))).toBe('rejected');
    expect(classifyCcxtError(new AuthenticationError('x'))).toBe('auth');
    expect(classifyCcxtError(new ExchangeError('x'))).toBe('unavailable');
    // Bitfinex's object-shaped 429 reaches us as a plain ExchangeError.
    expect(classifyCcxtError(new ExchangeError('bitfinex {"error":"ERR_RATE_LIMIT"}'))).toBe('rateLimited');
    expect(classifyCcxtError('not an error')).toBe('unavailable');
  });

  it('gives coded errors with the recovery, Retry-After and no credentials', () => {
    const error = translateCcxtError(new DDoSProtection('key=K-123 secret=S-456'), {
      operation: 'fetchBalance',
      retryAfterSeconds: 5,
      secrets: ['K-123', 'S-456'],
    });
    expect(error).toMatchObject({
      errorName: 'EXCHANGE_RATE_LIMITED',
      recovery: 'retry',
      retryAfterSeconds: 5,
    });
    expect(error.message).not.toMatch(/K-123|S-456/);
    expect(translateCcxtError(new AuthenticationError('x'), { operation: 'o' }).recovery).toBe('alert');
    const coded = new CodedError('EXCHANGE_CLOSED');
    expect(translateCcxtError(coded, { operation: 'o' })).toBe(coded);
  });

  it('redacts every occurrence and ignores empty secrets', () => {
    expect(redact('a-b-a', ['a', '', undefined])).toBe('***-b-***');
  });
});

describe('redact', () => {
  it('drops the query string of a signed URL, keeping the path', () => {
    const message =
      'binance GET http://127.0.0.1:9/api/v3/account?timestamp=1&signature=abcdef request timed out';
    expect(redact(message, [])).toBe('binance GET http://127.0.0.1:9/api/v3/account?… request timed out');
  });
});
