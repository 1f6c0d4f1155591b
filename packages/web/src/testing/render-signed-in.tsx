import type { SessionEndedEvent } from '@balancer/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppAreaProviders } from '../app/providers/app-area-providers';
import { AuthProvider } from '../auth/auth-context';
import { LandingDialogsProvider } from '../components/info-dialogs';
import { type ConnectStream, EssentialsProvider, type SocketStatus } from '../essentials';
import type { AppEssentials } from '../essentials/types';
import { ApiClient, TokenStore } from '../lib/api';
import { envelope, fakeFetch, jsonResponse, type RecordedCall } from './fake-fetch';

/** A fake stream: the test pushes events and sets the status the 5 s poll reads. */
export function fakeStream(
  status: SocketStatus = { state: 'websocket', transport: 'websocket', error: null },
) {
  let push: (update: unknown) => void = () => {};
  let ended: (event: SessionEndedEvent) => void = () => {};
  let changed: () => void = () => {};
  const state = { status, connected: false, disconnected: false };
  const connect: ConnectStream = (_baseUrl, { onEssentials, onSessionEnded, onStatusChange }) => {
    // Tests push partial and malformed events on purpose: the store checks what it merges.
    push = onEssentials as (update: unknown) => void;
    ended = onSessionEnded;
    changed = onStatusChange ?? (() => {});
    state.connected = true;
    return {
      status: () => state.status,
      disconnect: () => {
        state.disconnected = true;
      },
    };
  };
  return {
    connect,
    state,
    push: (update: unknown) => push(update),
    /** The server's notice that the session ended (it then disconnects the socket). */
    end: (event: SessionEndedEvent) => ended(event),
    /** The socket's status changed (as a connect or connect_error reports it): set it and tell the app. */
    setStatus: (next: SocketStatus) => {
      state.status = next;
      changed();
    },
  };
}

/**
 * Renders `ui` signed in (a refresh answers a token) with the essentials given, at `at`; other
 * calls go to `answer` (path without the base, e.g. 'notification?limit=15').
 */
export function renderSignedIn(
  ui: ReactNode,
  essentials: AppEssentials,
  answer: (path: string, call: RecordedCall) => unknown = () => null,
  stream = fakeStream(),
  at = '/app',
) {
  const { fetch, calls } = fakeFetch((call) => {
    const path = call.url.replace('http://127.0.0.1:5075/', '');
    if (path === 'auth/jwt/refresh-jwt') return jsonResponse(envelope('t.a.b'));
    if (path === 'data-join/app-essentials') return jsonResponse(envelope(essentials));
    return jsonResponse(envelope(answer(path, call)));
  });
  const client = new ApiClient({ baseUrl: 'http://127.0.0.1:5075', tokens: new TokenStore(), fetch });
  const view = render(
    <MemoryRouter initialEntries={[at]}>
      <AppAreaProviders>
        <AuthProvider client={client}>
          <EssentialsProvider connect={stream.connect}>
            <LandingDialogsProvider>{ui}</LandingDialogsProvider>
          </EssentialsProvider>
        </AuthProvider>
      </AppAreaProviders>
    </MemoryRouter>,
  );
  return { ...view, calls, stream };
}
