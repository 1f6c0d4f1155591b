import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { NotFoundPage } from '../components/errors/not-found-page';
import { RouteErrorPage } from '../components/errors/route-error-page';
import { labRoutes } from '../features/lab/routes';
import { FullScreenLoader } from './layouts/full-screen-loader';
import { RootLayout } from './layouts/root-layout';

/*
 * Every page loads on demand (`lazy`): the landing page's first load carries neither the auth
 * screens, the session logic nor the captcha widget, and the signed-in app's carries no landing. The session
 * (AuthRoot) wraps both the public auth screens and the signed-in app, so it survives moving
 * from sign-in to /app without a second refresh.
 */
const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: FullScreenLoader,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/',
        lazy: async () => ({ Component: (await import('../features/landing/landing-page')).LandingPage }),
        errorElement: <RouteErrorPage />,
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/auth-root')).AuthRoot }),
        errorElement: <RouteErrorPage />,
        children: [
          {
            path: '/auth',
            lazy: async () => ({ Component: (await import('./layouts/public-layout')).PublicLayout }),
            children: [
              { index: true, element: <Navigate to="/auth/sign-in" replace /> },
              {
                path: 'sign-in',
                lazy: async () => ({
                  Component: (await import('../features/sign-in/sign-in-page')).SignInPage,
                }),
              },
              {
                path: 'update-password',
                lazy: async () => ({
                  Component: (await import('../features/sign-in/update-password-page')).UpdatePasswordPage,
                }),
              },
            ],
          },
          {
            path: '/app',
            lazy: async () => ({ Component: (await import('./layouts/protected-layout')).ProtectedLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/dashboard/dashboard-page')).DashboardPage,
                }),
              },
              {
                path: 'positions',
                lazy: async () => ({
                  Component: (await import('../features/positions/positions-page')).PositionsPage,
                }),
              },
              {
                path: 'position/:id',
                lazy: async () => ({
                  Component: (await import('../features/positions/position-page')).PositionPage,
                }),
              },
              {
                path: 'server',
                lazy: async () => ({
                  Component: (await import('../features/server-page/server-page')).ServerPage,
                }),
              },
              {
                path: 'adjustments',
                lazy: async () => ({
                  Component: (await import('../features/adjustments/adjustments-page')).AdjustmentsPage,
                }),
              },
              {
                path: 'ip-blacklist',
                lazy: async () => ({
                  Component: (await import('../features/ip-blacklist/ip-blacklist-page')).IpBlacklistPage,
                }),
              },
              {
                path: 'users',
                lazy: async () => ({ Component: (await import('../features/users/users-page')).UsersPage }),
              },
              { path: 'lab', children: labRoutes },
              {
                path: 'platform-update',
                lazy: async () => ({
                  Component: (await import('../features/platform-update/platform-update-page'))
                    .PlatformUpdatePage,
                }),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
