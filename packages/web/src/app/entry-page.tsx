import { lazy, Suspense, useState } from 'react';
import { ErrorScreenBoundary } from '../components/errors/error-screen';
import { LinkNavigation } from '../lib/app-link';
import { FullScreenLoader } from './layouts/full-screen-loader';

const AppRouter = lazy(async () => ({ default: (await import('./router')).AppRouter }));
const LandingPage = lazy(async () => ({
  default: (await import('../features/landing/landing-page')).LandingPage,
}));

/** The page the app opens on first: the landing page on its own, or any other page in the router. */
export function EntryPage() {
  const [routed, setRouted] = useState(() => window.location.pathname !== '/');
  if (routed)
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <AppRouter />
      </Suspense>
    );
  // The landing page's first load carries no router (docs/web.md, First load): a link to another
  // page puts it in the history and hands over to the router, which reads it from there.
  const toRouter = (to: string) => {
    if (to === window.location.pathname) return; // the header's home link: already here
    window.history.pushState(null, '', to);
    setRouted(true);
  };
  return (
    <LinkNavigation.Provider value={toRouter}>
      <ErrorScreenBoundary>
        <Suspense fallback={<FullScreenLoader />}>
          <LandingPage />
        </Suspense>
      </ErrorScreenBoundary>
    </LinkNavigation.Provider>
  );
}
