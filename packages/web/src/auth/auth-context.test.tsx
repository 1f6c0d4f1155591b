import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, TokenStore } from '../lib/api';
import { envelope, failure, fakeFetch, fakeSleep, jsonResponse } from '../testing/fake-fetch';
import { AuthProvider, TOKEN_REFRESH_INTERVAL_MS, useAuth } from './auth-context';

function Probe() {
  const { authenticated, token } = useAuth();
  return <p data-testid="auth">{`${String(authenticated)} ${token ?? 'none'}`}</p>;
}

function renderWith(answers: Parameters<typeof fakeFetch>[0]) {
  const { fetch, calls } = fakeFetch(answers);
  const client = new ApiClient({
    baseUrl: 'http://127.0.0.1:5075',
    tokens: new TokenStore(),
    fetch,
    ...fakeSleep(),
  });
  render(
    <AuthProvider client={client}>
      <Probe />
    </AuthProvider>,
  );
  return { client, calls };
}

const state = () => screen.getByTestId('auth').textContent;
/** Lets pending promises (the fake fetch, React updates) settle under fake timers. */
const settle = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AuthProvider', () => {
  it('is undefined while the start-up refresh runs, then true with the token', async () => {
    renderWith([jsonResponse(envelope('t1.a.b'))]);
    expect(state()).toBe('undefined none');
    await settle();
    expect(state()).toBe('true t1.a.b');
  });

  it('is false when the start-up refresh finds no session (4750)', async () => {
    renderWith([jsonResponse(failure('No session{(4750)}'))]);
    await settle();
    expect(state()).toBe('false none');
  });

  it('refreshes every 840,000 ms while a token is held', async () => {
    const { calls } = renderWith([
      jsonResponse(envelope('t1.a.b')),
      jsonResponse(envelope('t2.a.b')),
      jsonResponse(envelope('t3.a.b')),
    ]);
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS - 1));
    expect(calls).toHaveLength(1); // only the start-up refresh so far
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(state()).toBe('true t2.a.b');
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS));
    expect(state()).toBe('true t3.a.b');
    expect(calls.map((call) => call.url.endsWith('/auth/jwt/refresh-jwt'))).toEqual([true, true, true]);
  });

  it.each([4252, 4750])('drops the session when a background refresh fails with %i', async (code) => {
    renderWith([jsonResponse(envelope('t1.a.b')), jsonResponse(failure(`Refused{(${code})}`))]);
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS));
    expect(state()).toBe('false none');
  });

  it('keeps the token when a background refresh fails otherwise (the next one may work)', async () => {
    renderWith([jsonResponse(envelope('t1.a.b')), jsonResponse(failure('Too many requests{(6003)}'), 429)]);
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS));
    expect(state()).toBe('true t1.a.b');
  });

  it('signs out: the token is cleared even if the server call fails', async () => {
    let signOut: ((all: boolean) => Promise<void>) | undefined;
    function Grab() {
      signOut = useAuth().signOut;
      return null;
    }
    const { fetch, calls } = fakeFetch([
      jsonResponse(envelope('t1.a.b')),
      new Response(null, { status: 404 }),
    ]);
    const client = new ApiClient({ baseUrl: 'http://x', tokens: new TokenStore(), fetch, ...fakeSleep() });
    render(
      <AuthProvider client={client}>
        <Probe />
        <Grab />
      </AuthProvider>,
    );
    await settle();
    await act(() => signOut?.(true).catch(() => {}) ?? Promise.resolve());
    expect(calls[1]?.body).toEqual({ allDevices: true });
    expect(calls[1]?.headers.authorization).toBe('Bearer t1.a.b');
    expect(state()).toBe('false none');
  });
});
