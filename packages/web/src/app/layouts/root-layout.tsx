import { Outlet } from 'react-router';
import { TopProgressBar } from './top-progress-bar';

/** Wraps every route: the route-loading bar above the page. */
export function RootLayout() {
  return (
    <>
      <TopProgressBar />
      <Outlet />
    </>
  );
}
