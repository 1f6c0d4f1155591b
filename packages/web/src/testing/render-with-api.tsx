import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AuthProvider } from '../auth/auth-context';
import { EssentialsProvider } from '../essentials';
import { essentials } from '../essentials/fixtures';
import { ApiClient, TokenStore } from '../lib/api';
import { envelope, failure, fakeFetch, jsonResponse, type RecordedCall } from './fake-fetch';
import { fakeStream } from './render-signed-in';

const BASE = 'http://api.test';

/** An answer: data for the envelope, `{fail: message}` for a coded failure, or a function of the call. */
export type FakeAnswer = unknown | { fail: string } | ((call: RecordedCall) => unknown);
/** Answers by `METHOD path` (path without the query), e.g. `'GET auth/user'`. */
export type FakeRoutes = Record<string, FakeAnswer>;

export const routeOf = (call: RecordedCall) => `${call.method} ${new URL(call.url).pathname.slice(1)}`;

/**
 * Renders an /app page with a signed-in API client whose fetch answers from `routes` (an
 * unknown route fails the test loudly), react-query, the essentials (from the route
 * `GET data-join/app-essentials`, e.g. callerWith(authority)) and a router. `calls` records every
 * request.
 */
export function renderWithApi(page: ReactNode, routes: FakeRoutes) {
  const { fetch, calls } = fakeFetch((call) => {
    const key = routeOf(call);
    if (!(key in routes)) return jsonResponse(failure(`No fake route for ${key}{(9999)}`));
    let answer = routes[key];
    if (typeof answer === 'function') answer = answer(call);
    if (answer && typeof answer === 'object' && 'fail' in answer)
      return jsonResponse(failure(String(answer.fail)));
    return jsonResponse(envelope(answer));
  });
  const tokens = new TokenStore();
  tokens.set('token');
  const client = new ApiClient({ baseUrl: BASE, tokens, fetch, sleep: async () => {} });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queries}>
      <AuthProvider client={client}>
        <EssentialsProvider connect={fakeStream().connect}>
          <Tooltip.Provider>
            <MemoryRouter>{page}</MemoryRouter>
          </Tooltip.Provider>
        </EssentialsProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { calls, client };
}

/** The essentials (GET data-join/app-essentials) of a signed-in caller with this authority. */
export const callerWith = (authority: number) =>
  essentials({ user: { id: 'caller-id', nickname: 'caller', authority } });

/** Types a one-time code into the open confirmation dialog. */
export async function enterOtp(user: UserEvent, code = '123456') {
  await user.click(await screen.findByLabelText('Digit 1 of 6'));
  await user.keyboard(code);
}
