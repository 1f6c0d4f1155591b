import { SESSION_END_MESSAGES } from '@balancer/core';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from '../../auth/auth-context';
import { essentials } from '../../essentials/fixtures';
import { SignInPage } from '../../features/sign-in/sign-in-page';
import { ApiClient, TokenStore } from '../../lib/api';
import { failure, fakeFetch, jsonResponse } from '../../testing/fake-fetch';
import { fakeStream, renderSignedIn } from '../../testing/render-signed-in';
import { AppAreaProviders } from '../providers/app-area-providers';
import { ProtectedLayout } from './protected-layout';

function AuthProbe() {
  const { authenticated, client } = useAuth();
  return <p>{authenticated ? 'signed in' : `signed out: ${client.tokens.notice() ?? 'no notice'}`}</p>;
}

describe('a session the server ends', () => {
  it("signs the app out when the stream says the session ended, keeping the server's reason", async () => {
    const stream = fakeStream();
    renderSignedIn(<AuthProbe />, essentials(), () => null, stream);
    await screen.findByText('signed in');
    await act(async () =>
      stream.end({ reason: 'signed-out-everywhere', message: SESSION_END_MESSAGES['signed-out-everywhere'] }),
    );
    expect(await screen.findByText('signed out: You were signed out of all devices.')).toBeInTheDocument();
  });

  it('lands on sign-in with that reason shown above the form', async () => {
    const tokens = new TokenStore();
    tokens.set('t.a.b');
    tokens.end(SESSION_END_MESSAGES['authority-changed']);
    // The app's refresh finds no session either (4750): the reason given first stays.
    const { fetch } = fakeFetch(() => jsonResponse(failure('There is no valid session{(4750)}')));
    const client = new ApiClient({ baseUrl: 'http://127.0.0.1:5075', tokens, fetch });
    render(
      <MemoryRouter initialEntries={['/app']}>
        <AppAreaProviders>
          <AuthProvider client={client}>
            <Routes>
              <Route path="/app" element={<ProtectedLayout />} />
              <Route path="/auth/sign-in" element={<SignInPage />} />
            </Routes>
          </AuthProvider>
        </AppAreaProviders>
      </MemoryRouter>,
    );
    expect(
      await screen.findByText('The authority of this account was changed: sign in again.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('says nothing to a visitor who never signed in on this page', () => {
    const tokens = new TokenStore();
    tokens.end(SESSION_END_MESSAGES['session-expired']);
    expect(tokens.notice()).toBeNull();
  });
});
