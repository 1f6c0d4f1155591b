import { CodedError } from '@balancer/core';

/**
 * The one place where ccxt's exceptions become our CodedErrors. ccxt is imported lazily, so the
 * error classes are recognised by the names on their prototype chain (ccxt's hierarchy is
 * BaseError → ExchangeError | OperationFailed → NetworkError → DDoSProtection → RateLimitExceeded …),
 * which also classifies a subclass by its nearest known ancestor.
 */

/** Class names of `error` from the most specific to Error; [] for non-objects. */
export function errorClassNames(error: unknown): string[] {
  const names: string[] = [];
  let proto: unknown = typeof error === 'object' && error !== null ? Object.getPrototypeOf(error) : null;
  while (proto && proto !== Object.prototype) {
    const ctor = (proto as { constructor?: { name?: unknown } }).constructor;
    if (typeof ctor?.name === 'string') names.push(ctor.name);
    proto = Object.getPrototypeOf(proto);
  }
  return names;
}

/** EXCHANGE_RATE_LIMITED carrying the exchange's Retry-After (seconds) when it sent one. */
export class ExchangeRateLimitedError extends CodedError {
  readonly retryAfterSeconds: number | undefined;

  constructor(detail: string, retryAfterSeconds: number | undefined) {
    super('EXCHANGE_RATE_LIMITED', detail);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

type Kind = 'rateLimited' | 'auth' | 'rejected' | 'orderNotFound' | 'unavailable';

/** ccxt class name → our kind; the first name of the chain found here wins. */
const KINDS: Record<string, Kind> = {
  RateLimitExceeded: 'rateLimited',
  DDoSProtection: 'rateLimited',
  AuthenticationError: 'auth',
  PermissionDenied: 'auth',
  AccountSuspended: 'auth',
  OrderNotFound: 'orderNotFound',
  InsufficientFunds: 'rejected',
  InvalidOrder: 'rejected',
  BadSymbol: 'rejected',
  NetworkError: 'unavailable',
  RequestTimeout: 'unavailable',
  ExchangeNotAvailable: 'unavailable',
};

/**
 * Exchange messages ccxt raises as a plain ExchangeError that are authentication failures
 * (Kraken's wrong API-Sign: resending the same keys fails again, so alert, not retry).
 */
const AUTH_MESSAGES = ['EAPI:Invalid signature', 'EAPI:Invalid key', 'EGeneral:Permission denied'];

/**
 * Rate-limit answers ccxt raises as a plain ExchangeError (Bitfinex's `{"error": "ERR_RATE_LIMIT"}`,
 * the object form of its 429): nothing was placed, so a refusal, not an unknown outcome.
 */
const RATE_LIMIT_MESSAGES = ['ERR_RATE_LIMIT'];

/** How a ccxt error is classified; anything unknown (including non-ccxt errors) is unavailable. */
export function classifyCcxtError(error: unknown): Kind {
  const message = error instanceof Error ? error.message : '';
  if (AUTH_MESSAGES.some((m) => message.includes(m))) return 'auth';
  if (RATE_LIMIT_MESSAGES.some((m) => message.includes(m))) return 'rateLimited';
  for (const name of errorClassNames(error)) {
    const kind = KINDS[name];
    if (kind) return kind;
  }
  return 'unavailable';
}

/** True when ccxt says the looked-up order does not exist (Binance −2013). */
export function isOrderNotFound(error: unknown): boolean {
  return classifyCcxtError(error) === 'orderNotFound';
}

/**
 * Removes every occurrence of each secret (API key, secret) from a message, and the query string
 * of any URL in it: a signed request's query carries its timestamp and signature.
 */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text.replace(/(https?:\/\/[^\s?]+)\?[^\s]*/g, '$1?…');
  for (const secret of secrets) if (secret && secret.length > 0) out = out.split(secret).join('***');
  return out;
}

export interface TranslateContext {
  /** What the adapter was doing, e.g. 'fetchBalance'; goes into the detail. */
  operation: string;
  /** Retry-After of the failed response in seconds, when the exchange sent one. */
  retryAfterSeconds?: number | undefined;
  /** Strings that must never appear in the error (API key, secret). */
  secrets?: readonly (string | undefined)[];
}

/**
 * Translates any error thrown by ccxt into a CodedError: rate limits (retry, with Retry-After in
 * the detail), authentication (alert), order refusals (reject), everything else unavailable
 * (retry). A CodedError passes through unchanged. The detail is the ccxt class and message with
 * the credentials redacted; the ccxt error itself is not kept (its request may echo headers).
 */
export function translateCcxtError(error: unknown, context: TranslateContext): CodedError {
  if (error instanceof CodedError) return error;
  const className = errorClassNames(error)[0] ?? typeof error;
  const raw = error instanceof Error ? error.message : String(error);
  const message = redact(raw, context.secrets ?? []).slice(0, 300);
  const retry = context.retryAfterSeconds === undefined ? '' : `; retry after ${context.retryAfterSeconds} s`;
  const detail = `${context.operation}: ${className}: ${message}${retry}`;
  switch (classifyCcxtError(error)) {
    case 'rateLimited':
      return new ExchangeRateLimitedError(detail, context.retryAfterSeconds);
    case 'auth':
      return new CodedError('EXCHANGE_AUTH_FAILED', detail);
    case 'rejected':
      return new CodedError('EXCHANGE_ORDER_REJECTED', detail);
    default:
      return new CodedError('EXCHANGE_UNAVAILABLE', detail);
  }
}
