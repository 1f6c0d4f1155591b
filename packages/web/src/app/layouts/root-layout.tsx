import { Outlet, useNavigate } from 'react-router';
import { LinkNavigation } from '../../lib/app-link';
import { TopProgressBar } from './top-progress-bar';

/** Wraps every route: the route-loading bar above the page; AppLinks navigate in the router. */
export function RootLayout() {
  const navigate = useNavigate();
  return (
    <LinkNavigation.Provider value={navigate}>
      <TopProgressBar />
      <Outlet />
    </LinkNavigation.Provider>
  );
}
