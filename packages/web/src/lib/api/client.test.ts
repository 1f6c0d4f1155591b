import { UNEXTRACTABLE_ERROR_MESSAGE } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { envelope, failure, fakeFetch, fakeSleep, jsonResponse } from '../../testing/fake-fetch';
import { ApiError } from './api-error';
import { ApiClient, PLATFORM_NOT_READY_PAUSE_MS } from './client';
import { TokenStore } from './token-store';

const BASE = 'http://127.0.0.1:5075';

function setup(answers: Parameters<typeof fakeFetch>[0], token: string | null = null) {
  const { fetch, calls } = fakeFetch(answers);
  const { sleep, waits } = fakeSleep();
  const tokens = new TokenStore();
  tokens.set(token);
  return { client: new ApiClient({ baseUrl: `${BASE}/`, tokens, fetch, sleep }), calls, waits, tokens };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: ApiError) => error,
  );

describe('requests', () => {
  it('sends JSON with credentials, the bearer token and the otp-token header', async () => {
    const { client, calls } = setup([jsonResponse(envelope({ id: 1 }))], 'a.b.c');
    const data = await client.request({
      method: 'POST',
      path: '/auth/user',
      body: { x: 1 },
      otpToken: '123456',
    });
    expect(data).toEqual({ id: 1 });
    expect(calls).toEqual([
      {
        url: `${BASE}/auth/user`,
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: 'Bearer a.b.c',
          'otp-token': '123456',
        },
        body: { x: 1 },
      },
    ]);
  });

  it('fails locally, without a request, when a protected call has no token', async () => {
    const { client, calls } = setup([]);
    const error = await rejection(client.request({ path: 'auth/user/me', auth: true }));
    expect(error).toMatchObject({ kind: 'NO_ACCESS_TOKEN' });
    expect(calls).toHaveLength(0);
  });

  it('splits an envelope error into message and code', async () => {
    const { client } = setup([jsonResponse(failure('The nickname is taken{(4752)}'))]);
    const error = await rejection(client.request({ path: 'x' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'The nickname is taken', code: 4752 });
  });

  it('uses the fallback text when the error carries no message, and −1 when no code', async () => {
    const { client } = setup([jsonResponse(failure('')), jsonResponse(failure('plain text'))]);
    expect(await rejection(client.request({ path: 'x' }))).toMatchObject({
      message: UNEXTRACTABLE_ERROR_MESSAGE,
      code: -1,
    });
    expect(await rejection(client.request({ path: 'x' }))).toMatchObject({ message: 'plain text', code: -1 });
  });

  it('refuses an answer whose content type is not the Accept header’s (6256), or is missing (6255)', async () => {
    const { client, calls } = setup([
      new Response('<html>', { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }),
      new Response(new Uint8Array([123, 125]), { status: 200 }),
    ]);
    expect(await rejection(client.request({ path: 'x' }))).toMatchObject({
      kind: 'CONTENT_TYPE_MISSMATCH',
      code: 6256,
      message:
        "The response's content type does not match the request's Accept header: received text/html, requested application/json",
    });
    expect(await rejection(client.request({ path: 'x' }))).toMatchObject({
      kind: 'INVALID_RESPONSE_CONTENT_TYPE',
      code: 6255,
    });
    expect(calls).toHaveLength(2); // neither retried
  });

  it('refuses a JSON answer that is not an envelope', async () => {
    const { client } = setup([jsonResponse({ hello: 'world' })]);
    expect(await rejection(client.request({ path: 'x' }))).toMatchObject({ kind: 'INVALID_RESPONSE_DTYPE' });
  });

  it('accepts only status 200', async () => {
    const { client, calls } = setup([jsonResponse(envelope(1), 201), new Response(null, { status: 404 })]);
    expect(await rejection(client.request({ path: 'x' }))).toMatchObject({
      kind: 'UNEXPECTED_RESPONSE_STATUS_CODE',
    });
    expect(await rejection(client.request({ path: 'x' }))).toMatchObject({
      kind: 'UNEXPECTED_RESPONSE_STATUS_CODE',
    });
    expect(calls).toHaveLength(2); // not retried
  });
});

describe('bad request options and headers (coded, thrown before any request)', () => {
  const refused = async (options: Parameters<ApiClient['request']>[0], token: string | null = null) => {
    const { client, calls } = setup([], token);
    const error = await rejection(client.request(options));
    expect(calls).toEqual([]);
    return error;
  };

  it('INVALID_REQUEST_URL (6250) for a path that is not the API’s', async () => {
    for (const path of ['', 'a b', 'https://evil.example/x', '//evil.example/x', 'line\nbreak']) {
      expect(await refused({ path })).toMatchObject({ kind: 'INVALID_REQUEST_URL', code: 6250 });
    }
  });

  it('INVALID_REQUEST_OPTIONS (6252) for an unknown method, bad retry delays or a body JSON cannot carry', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const bad = [
      { path: 'x', method: 'TRACE' as never },
      { path: 'x', retryDelaysSeconds: [3, -1] },
      { path: 'x', retryDelaysSeconds: [Number.NaN] },
      { path: 'x', method: 'POST' as const, body: circular },
      { path: 'x', method: 'POST' as const, body: 10n },
      { path: 'x', method: 'POST' as const, body: () => 1 },
    ];
    for (const options of bad) {
      expect(await refused(options)).toMatchObject({ kind: 'INVALID_REQUEST_OPTIONS', code: 6252 });
    }
  });

  it('INVALID_REQUEST_HEADERS (6251) for a one-time code that is not six digits or a token with a line break', async () => {
    for (const otpToken of ['12345', '1234567', '12345a', '123 456']) {
      expect(await refused({ path: 'x', otpToken })).toMatchObject({
        kind: 'INVALID_REQUEST_HEADERS',
        code: 6251,
      });
    }
    expect(await refused({ path: 'x' }, 'a.b\r\nX-Evil: 1')).toMatchObject({
      kind: 'INVALID_REQUEST_HEADERS',
    });
  });
});

describe('retries', () => {
  it('waits 3, 5 and 7 s between attempts on network failures and 5xx, then gives up', async () => {
    const { client, calls, waits } = setup([
      new TypeError('Failed to fetch'),
      new Response(null, { status: 502 }),
      new Response(null, { status: 500 }),
      new TypeError('Failed to fetch'),
    ]);
    expect(await rejection(client.request({ path: 'x' }))).toMatchObject({ kind: 'NETWORK_ERROR' });
    expect(calls).toHaveLength(4); // the first attempt and 3 repeats
    expect(waits).toEqual([3000, 5000, 7000]);
  });

  it('returns the answer of a repeat that succeeds', async () => {
    const { client, waits } = setup([new Response(null, { status: 503 }), jsonResponse(envelope('ok'))]);
    expect(await client.request({ path: 'x' })).toBe('ok');
    expect(waits).toEqual([3000]);
  });

  it('never repeats a 429, and keeps its coded message', async () => {
    const { client, calls, waits } = setup([jsonResponse(failure('Too many requests{(6003)}'), 429)]);
    expect(await rejection(client.request({ path: 'x' }))).toMatchObject({
      code: 6003,
      message: 'Too many requests',
    });
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('does not repeat a coded envelope error', async () => {
    const { client, calls } = setup([jsonResponse(failure('Wrong{(4005)}'))]);
    expect(await rejection(client.request({ path: 'x' }))).toMatchObject({ code: 4005 });
    expect(calls).toHaveLength(1);
  });
});

describe('codes the client acts on', () => {
  it('4252: drops the token, refreshes once and repeats with the new token', async () => {
    const { client, calls, tokens } = setup(
      [
        jsonResponse(failure('Access token invalid{(4252)}')),
        jsonResponse(envelope('new.to.ken')),
        jsonResponse(envelope({ nickname: 'root' })),
      ],
      'old.to.ken',
    );
    expect(await client.request({ path: 'auth/user/me', auth: true })).toEqual({ nickname: 'root' });
    expect(calls.map((call) => [call.url, call.headers.authorization])).toEqual([
      [`${BASE}/auth/user/me`, 'Bearer old.to.ken'],
      [`${BASE}/auth/jwt/refresh-jwt`, undefined],
      [`${BASE}/auth/user/me`, 'Bearer new.to.ken'],
    ]);
    expect(tokens.get()).toBe('new.to.ken');
  });

  it('4252 twice: refreshes only once, then fails', async () => {
    const { client, calls } = setup(
      [
        jsonResponse(failure('Access token invalid{(4252)}')),
        jsonResponse(envelope('new.to.ken')),
        jsonResponse(failure('Access token invalid{(4252)}')),
      ],
      'old.to.ken',
    );
    expect(await rejection(client.request({ path: 'x', auth: true }))).toMatchObject({ code: 4252 });
    expect(calls).toHaveLength(3);
  });

  it('6002: waits 30 s and repeats', async () => {
    const { client, waits } = setup([
      jsonResponse(failure('The platform is starting{(6002)}')),
      jsonResponse(failure('The platform is starting{(6002)}'), 503),
      jsonResponse(envelope('ready')),
    ]);
    expect(await client.request({ path: 'x' })).toBe('ready');
    expect(waits).toEqual([PLATFORM_NOT_READY_PAUSE_MS, PLATFORM_NOT_READY_PAUSE_MS]); // 30,000 ms each
  });

  it('4750: signs out (drops the token) and fails', async () => {
    const { client, tokens } = setup([jsonResponse(failure('No session{(4750)}'))], 'a.b.c');
    expect(await rejection(client.refresh())).toMatchObject({ code: 4750 });
    expect(tokens.get()).toBeNull();
  });

  it('4750 after a token was held: keeps why, for the sign-in screen; never for a first visit', async () => {
    const held = setup([jsonResponse(failure('No session{(4750)}'))], 'a.b.c');
    await rejection(held.client.refresh());
    expect(held.tokens.notice()).toBe('Your session has ended: sign in again.');
    const first = setup([jsonResponse(failure('No session{(4750)}'))]);
    await rejection(first.client.refresh());
    expect(first.tokens.notice()).toBeNull();
  });

  it('4252 whose refresh finds no session: signed out, and the refresh error is thrown', async () => {
    const { client, tokens } = setup(
      [jsonResponse(failure('Access token invalid{(4252)}')), jsonResponse(failure('No session{(4750)}'))],
      'a.b.c',
    );
    expect(await rejection(client.request({ path: 'x', auth: true }))).toMatchObject({ code: 4750 });
    expect(tokens.get()).toBeNull();
  });

  it('shares one refresh between concurrent callers (one rotation of the cookie serves them)', async () => {
    const { client, calls } = setup([jsonResponse(envelope('t.o.k'))]);
    expect(await Promise.all([client.refresh(), client.refresh()])).toEqual(['t.o.k', 't.o.k']);
    expect(calls).toHaveLength(1);
  });
});
