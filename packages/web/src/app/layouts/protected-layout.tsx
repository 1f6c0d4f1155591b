import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { ErrorPanel } from '../../components/errors/error-panel';
import { LandingDialogsProvider } from '../../components/info-dialogs/landing-dialogs-provider';
import { EssentialsProvider, useEssentialsError, useEssentialsSelector } from '../../essentials';
import { NotificationsBell } from '../../features/notifications/notifications-bell';
import type { SignInNotice } from '../../features/sign-in/sign-in-page';
import { errorMessageOf } from '../../lib/api';
import { AppHeader } from '../shell/app-header';
import { FullScreenLoader } from './full-screen-loader';

/**
 * /app/*: sign-in unless authenticated (saying why when the server ended the session); then the
 * app state and the signed-in shell (docs/web.md, Routes).
 */
export function ProtectedLayout() {
  const { authenticated, client } = useAuth();
  const location = useLocation();
  if (authenticated === undefined) return <FullScreenLoader />;
  if (!authenticated) {
    const notice = client.tokens.notice();
    // Sign-in comes back here afterwards (a deep link survives signing in).
    const from = `${location.pathname}${location.search}${location.hash}`;
    const state: SignInNotice = notice === null ? { from } : { notice, from };
    return <Navigate to="/auth/sign-in" replace state={state} />;
  }
  return (
    <EssentialsProvider>
      <LandingDialogsProvider>
        <SignedInShell />
      </LandingDialogsProvider>
    </EssentialsProvider>
  );
}

/** A loader until the essentials (and so the version and the user) are known; then the shell. */
export function SignedInShell() {
  const loaded = useEssentialsSelector((essentials) => essentials !== undefined);
  const error = useEssentialsError();
  if (!loaded) {
    if (!error) return <FullScreenLoader />;
    const code = (error as { code?: unknown }).code;
    return (
      <main id="main" className="flex min-h-screen items-center p-4">
        <ErrorPanel code={typeof code === 'number' ? code : -1} message={errorMessageOf(error)} />
      </main>
    );
  }
  return (
    <div className="min-h-screen bg-neutral-50">
      <AppHeader actions={<NotificationsBell />} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-3 pt-4 pb-24 sm:px-4 md:pb-8">
        <Outlet />
      </main>
    </div>
  );
}
