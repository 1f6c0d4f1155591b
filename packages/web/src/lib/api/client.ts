import { ERRORS, SESSION_END_MESSAGES, UNEXTRACTABLE_ERROR_MESSAGE } from '@balancer/core';
import { ApiError } from './api-error';
import { type RefreshCoordinator, renewAlone } from './refresh-across-tabs';
import type { TokenStore } from './token-store';

/** Waits before the 2nd, 3rd and 4th attempt after a network failure or a 5xx. */
export const DEFAULT_RETRY_DELAYS_SECONDS = [3, 5, 7] as const;
/** The pause before repeating a call refused with SERVICE_NOT_READY (6002: platform starting). */
export const PLATFORM_NOT_READY_PAUSE_MS = 30_000;
/** 6002 is repeated at most this often (10 minutes in all) so a stuck server cannot hold a call forever. */
export const PLATFORM_NOT_READY_MAX_REPEATS = 20;
export const REFRESH_PATH = 'auth/jwt/refresh-jwt';
const JSON_TYPE = 'application/json';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Relative to the API base, e.g. 'auth/jwt/sign-in' (a leading '/' is accepted). */
  path: string;
  body?: unknown;
  /** The call needs the access token; without one it fails here, before any request. */
  auth?: boolean;
  /** Sent as the `otp-token` header. */
  otpToken?: string;
  /** Seconds to wait before each repeat after a network failure or 5xx (never after 429). */
  retryDelaysSeconds?: readonly number[];
}

export interface ApiClientOptions {
  baseUrl: string;
  tokens: TokenStore;
  fetch?: typeof fetch;
  /** Injectable for tests (a fake clock). */
  sleep?: (ms: number) => Promise<void>;
  /** How renewals are shared with the page's other tabs (refresh-across-tabs.ts); default: alone. */
  coordinate?: RefreshCoordinator;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One attempt's outcome: an answer to return, an envelope error, or a failure worth retrying. */
type Attempt =
  | { kind: 'data'; data: unknown }
  | { kind: 'envelope-error'; error: ApiError }
  | { kind: 'retryable'; error: ApiError };

/**
 * The app's HTTP client (docs/web.md, Calls): JSON with credentials, the bearer token when held, only
 * status 200 accepted, the `{success, data, error}` envelope unwrapped. 4252 → one refresh and a
 * repeat; 6002 → 30 s pause and a repeat; 4750 → the token is dropped (signed out).
 */
export class ApiClient {
  readonly baseUrl: string;
  readonly tokens: TokenStore;
  private readonly fetchFn: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly coordinate: RefreshCoordinator;
  private refreshing: Promise<string> | null = null;

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.tokens = options.tokens;
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.sleep = options.sleep ?? realSleep;
    this.coordinate = options.coordinate ?? renewAlone;
  }

  /** The absolute URL of an API path. */
  url(path: string): string {
    return `${this.baseUrl}/${path.replace(/^\/+/, '')}`;
  }

  async request<T>(options: RequestOptions): Promise<T> {
    let refreshed = false;
    for (let notReadyRepeats = 0; ; ) {
      const attempt = await this.withRetries(options);
      if (attempt.kind === 'data') return attempt.data as T;
      const { error } = attempt;
      if (error.code === ERRORS.ACCESS_TOKEN_INVALID.code && options.path !== REFRESH_PATH && !refreshed) {
        refreshed = true;
        this.tokens.set(null);
        await this.refresh();
        continue;
      }
      if (error.code === ERRORS.SERVICE_NOT_READY.code && notReadyRepeats < PLATFORM_NOT_READY_MAX_REPEATS) {
        notReadyRepeats++;
        await this.sleep(PLATFORM_NOT_READY_PAUSE_MS);
        continue;
      }
      if (error.code === ERRORS.NO_SESSION_TO_REFRESH.code)
        this.tokens.end(SESSION_END_MESSAGES['session-expired']);
      throw error;
    }
  }

  /**
   * Trades the refresh cookie for a new access token and holds it. Concurrent callers share one
   * request, and the other tabs too (`coordinate`): one rotation of the cookie serves them all.
   */
  refresh(): Promise<string> {
    this.refreshing ??= this.coordinate(() => this.renew())
      .then((token) => {
        this.tokens.set(token);
        return token;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private async renew(): Promise<string> {
    const token = await this.request<string>({ path: REFRESH_PATH });
    if (typeof token !== 'string' || token === '') {
      throw ApiError.client('INVALID_RESPONSE_DTYPE', 'the server answered no access token');
    }
    return token;
  }

  private async withRetries(options: RequestOptions): Promise<Attempt> {
    const delays = options.retryDelaysSeconds ?? DEFAULT_RETRY_DELAYS_SECONDS;
    for (let index = 0; ; index++) {
      const attempt = await this.attempt(options);
      if (attempt.kind !== 'retryable' || index >= delays.length) {
        return attempt.kind === 'retryable' ? { kind: 'envelope-error', error: attempt.error } : attempt;
      }
      await this.sleep((delays[index] ?? 0) * 1000);
    }
  }

  private async attempt(options: RequestOptions): Promise<Attempt> {
    const { url, body } = this.checkedOptions(options);
    const headers: Record<string, string> = { accept: JSON_TYPE };
    const token = this.tokens.get();
    if (options.auth && !token) {
      throw new ApiError('You are not signed in', ERRORS.ACCESS_TOKEN_INVALID.code, 'NO_ACCESS_TOKEN');
    }
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.otpToken !== undefined) headers['otp-token'] = options.otpToken;
    if (body !== undefined) headers['content-type'] = JSON_TYPE;
    checkHeaders(headers);
    let response: Response;
    try {
      response = await this.fetchFn(url, {
        method: options.method ?? 'GET',
        headers,
        credentials: 'include',
        body,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : UNEXTRACTABLE_ERROR_MESSAGE;
      return { kind: 'retryable', error: new ApiError(message, -1, 'NETWORK_ERROR') };
    }
    return readResponse(response, JSON_TYPE);
  }

  /**
   * The request's URL and JSON body, or the spec's coded error for options no request should be
   * made with (thrown, never retried): INVALID_REQUEST_URL for a path that is not a path of the
   * API, INVALID_REQUEST_OPTIONS for an unknown method, bad retry delays or a body JSON cannot carry.
   */
  private checkedOptions(options: RequestOptions): { url: string; body: string | undefined } {
    const { path, method, retryDelaysSeconds } = options;
    if (typeof path !== 'string' || path.trim() === '' || !SAFE_PATH.test(path) || /^\/\/|:\/\//.test(path)) {
      throw ApiError.client('INVALID_REQUEST_URL', `'${String(path)}' is not a path of the API`);
    }
    if (method !== undefined && !HTTP_METHODS.includes(method)) {
      throw ApiError.client('INVALID_REQUEST_OPTIONS', `unknown method '${String(method)}'`);
    }
    if (
      retryDelaysSeconds !== undefined &&
      (!Array.isArray(retryDelaysSeconds) ||
        !retryDelaysSeconds.every(
          (delay) => typeof delay === 'number' && Number.isFinite(delay) && delay >= 0,
        ))
    ) {
      throw ApiError.client('INVALID_REQUEST_OPTIONS', 'retry delays must be seconds ≥ 0');
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      try {
        body = JSON.stringify(options.body);
      } catch (error) {
        throw ApiError.client(
          'INVALID_REQUEST_OPTIONS',
          `the body cannot be sent as JSON (${String(error)})`,
        );
      }
      if (body === undefined)
        throw ApiError.client('INVALID_REQUEST_OPTIONS', 'the body cannot be sent as JSON');
    }
    return { url: this.url(path), body };
  }
}

const HTTP_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** A relative API path with its query: printable ASCII without spaces. */
const SAFE_PATH = /^[\x21-\x7e]+$/;
/** What a header value may hold here: printable ASCII (a JWT, a six-digit code). */
const HEADER_VALUE = /^[\x21-\x7e]+$/;

/**
 * INVALID_REQUEST_HEADERS for a value fetch would refuse (a line break, a non-ASCII character) or
 * a one-time code that is not six digits: thrown before the request, where fetch's own TypeError
 * would look like a network failure and be retried.
 */
function checkHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string' || !HEADER_VALUE.test(value.replace(/^Bearer /, ''))) {
      throw ApiError.client(
        'INVALID_REQUEST_HEADERS',
        `the ${name} header has characters a header cannot carry`,
      );
    }
  }
  const code = headers['otp-token'];
  if (code !== undefined && !/^\d{6}$/.test(code)) {
    throw ApiError.client('INVALID_REQUEST_HEADERS', 'the otp-token header must be a six-digit code');
  }
}

async function envelopeError(response: Response): Promise<ApiError | null> {
  try {
    const body = (await response.json()) as { success?: unknown; error?: unknown } | null;
    return body && body.success === false ? ApiError.fromCodedMessage(body.error) : null;
  } catch {
    return null;
  }
}

const unexpectedStatus = (status: number) =>
  ApiError.client('UNEXPECTED_RESPONSE_STATUS_CODE', String(status));

/**
 * The answer's media type against the request's Accept: none at all is INVALID_RESPONSE_CONTENT_TYPE,
 * another one CONTENT_TYPE_MISSMATCH (an HTML page from a proxy or a misrouted request).
 */
function contentTypeError(response: Response, accept: string): ApiError | null {
  const header = response.headers.get('content-type');
  const mediaType = header?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === '') return ApiError.client('INVALID_RESPONSE_CONTENT_TYPE');
  if (mediaType !== accept) {
    return ApiError.client('CONTENT_TYPE_MISSMATCH', `received ${mediaType}, requested ${accept}`);
  }
  return null;
}

async function readResponse(response: Response, accept: string): Promise<Attempt> {
  if (response.status !== 200) {
    // A 429 or 5xx may still carry an envelope (rate limit 6003, not ready 6002): keep its code.
    const coded = await envelopeError(response);
    if (response.status >= 500) {
      if (coded?.code === ERRORS.SERVICE_NOT_READY.code) return { kind: 'envelope-error', error: coded };
      return { kind: 'retryable', error: coded ?? unexpectedStatus(response.status) };
    }
    return { kind: 'envelope-error', error: coded ?? unexpectedStatus(response.status) };
  }
  const typeError = contentTypeError(response, accept);
  if (typeError) return { kind: 'envelope-error', error: typeError };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== 'object' || typeof (body as { success?: unknown }).success !== 'boolean') {
    return { kind: 'envelope-error', error: ApiError.client('INVALID_RESPONSE_DTYPE') };
  }
  const envelope = body as { success: boolean; data?: unknown; error?: unknown };
  if (envelope.success) return { kind: 'data', data: envelope.data ?? null };
  return { kind: 'envelope-error', error: ApiError.fromCodedMessage(envelope.error) };
}
