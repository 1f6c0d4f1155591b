import { ERRORS, type SignInBody, type UpdatePasswordBody } from '@balancer/core';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { type ApiClient, ApiError, apiClient } from '../lib/api';
import { TOKEN_REFRESH_INTERVAL_MS } from '../lib/background-schedule';
import * as authApi from './auth-api';

/** The access token (valid 15 min) is renewed every 14 minutes while held (docs/web.md, Session). */
export { TOKEN_REFRESH_INTERVAL_MS };

/** Refresh failures that end the session; others (network) keep the token for the next try. */
const SESSION_ENDING_CODES = new Set<number>([
  ERRORS.ACCESS_TOKEN_INVALID.code,
  ERRORS.NO_SESSION_TO_REFRESH.code,
]);

export interface AuthState {
  /** undefined while the first refresh runs (the app shows a loader), then whether a token is held. */
  authenticated: boolean | undefined;
  /** The access token (memory only), null when signed out. */
  token: string | null;
  client: ApiClient;
  signIn: (body: SignInBody) => Promise<void>;
  signOut: (allDevices: boolean) => Promise<void>;
  updatePassword: (body: UpdatePasswordBody) => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Holds the session: on mount it trades the refresh cookie for a token (a reload keeps the
 * session), then renews the token every TOKEN_REFRESH_INTERVAL_MS while one is held.
 */
export function AuthProvider({
  client = apiClient(),
  children,
}: {
  client?: ApiClient;
  children: ReactNode;
}) {
  const token = useSyncExternalStore(client.tokens.subscribe, client.tokens.get);
  const [settled, setSettled] = useState(() => client.tokens.get() !== null);
  const hasToken = token !== null;

  useEffect(() => {
    if (settled) return;
    let active = true;
    client
      .refresh()
      .catch(() => client.tokens.set(null))
      .finally(() => active && setSettled(true));
    return () => {
      active = false;
    };
  }, [client, settled]);

  useEffect(() => {
    if (!hasToken) return;
    const timer = setInterval(() => {
      client.refresh().catch((error: unknown) => {
        if (error instanceof ApiError && SESSION_ENDING_CODES.has(error.code)) client.tokens.set(null);
      });
    }, TOKEN_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [client, hasToken]);

  const signIn = useCallback((body: SignInBody) => authApi.signIn(client, body), [client]);
  const signOut = useCallback((allDevices: boolean) => authApi.signOut(client, allDevices), [client]);
  const updatePassword = useCallback(
    (body: UpdatePasswordBody) => authApi.updatePassword(client, body),
    [client],
  );

  const value = useMemo<AuthState>(
    () => ({
      authenticated: settled || hasToken ? hasToken : undefined,
      token,
      client,
      signIn,
      signOut,
      updatePassword,
    }),
    [settled, hasToken, token, client, signIn, signOut, updatePassword],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth() needs an <AuthProvider> above it');
  return state;
}
