import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppAreaProviders } from '../app/providers/app-area-providers';
import { AuthProvider } from '../auth/auth-context';
import { ApiClient, TokenStore } from '../lib/api';
import { envelope, failure, fakeFetch, jsonResponse } from '../testing/fake-fetch';
import { fakeStream } from '../testing/render-signed-in';
import { shownToasts } from '../testing/toast-mock';
import {
  ESSENTIALS_REFETCH_MS,
  EssentialsProvider,
  REFETCH_ERROR_TITLE,
  useEssentialsSelector,
} from './essentials-context';
import { essentials } from './fixtures';

vi.mock('../lib/toast', () => import('../testing/toast-mock'));

afterEach(() => {
  vi.useRealTimers();
  shownToasts.length = 0;
});

function Nickname() {
  const renders = useEssentialsSelector((value) => value?.user.nickname ?? 'loading');
  return <p data-testid="nickname">{renders}</p>;
}

describe('EssentialsProvider', () => {
  it("keeps the essentials and reports 'Refetch Error' when the 2-minute refetch fails", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let essentialsCalls = 0;
    const { fetch } = fakeFetch((call) => {
      if (call.url.endsWith('auth/jwt/refresh-jwt')) return jsonResponse(envelope('t.a.b'));
      essentialsCalls += 1;
      if (essentialsCalls === 1) return jsonResponse(envelope(essentials()));
      return jsonResponse(failure('The platform is restarting{(6001)}'));
    });
    const client = new ApiClient({ baseUrl: 'http://127.0.0.1:5075', tokens: new TokenStore(), fetch });
    render(
      <AppAreaProviders>
        <AuthProvider client={client}>
          <EssentialsProvider connect={fakeStream().connect}>
            <Nickname />
          </EssentialsProvider>
        </AuthProvider>
      </AppAreaProviders>,
    );
    expect(await screen.findByText('root')).toBeInTheDocument();
    expect(shownToasts).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(ESSENTIALS_REFETCH_MS + 60_000));
    expect(essentialsCalls).toBeGreaterThan(1);
    expect(shownToasts).toContain(`${REFETCH_ERROR_TITLE}: The platform is restarting`);
    expect(screen.getByTestId('nickname')).toHaveTextContent('root');
  });
});
