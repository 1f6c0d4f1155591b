import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { AppNotFoundPage, NotFoundPage } from '../components/errors/not-found-page';
import { RouteErrorPage } from '../components/errors/route-error-page';
import { labRoutes } from '../features/lab/routes';
import { FullScreenLoader } from './layouts/full-screen-loader';
import { RootLayout } from './layouts/root-layout';

/*
 * Every page loads on demand (`lazy`). The router itself is a lazy chunk: the landing page's first
 * load at / shows the landing page without it (entry-page.tsx), and this route serves / when
 * reached from another page. The signed-in app's first load carries no landing. The session
 * (AuthRoot) wraps both the public auth screens and the signed-in app, so it survives moving
 * from sign-in to /app without a second refresh.
 */
export const appRoutes: RouteObject[] = [
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
                path: 'transactions',
                lazy: async () => ({
                  Component: (await import('../features/positions/transactions/transactions-page'))
                    .TransactionsPage,
                }),
              },
              {
                path: 'profit',
                lazy: async () => ({
                  Component: (await import('../features/positions/profit/profit-page')).ProfitPage,
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
              // An unknown /app path: not found inside the shell, the navigation kept.
              { path: '*', element: <AppNotFoundPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Made on first use, so it starts from the location the entry page handed over. */
let router: ReturnType<typeof createBrowserRouter> | undefined;

export function AppRouter() {
  router ??= createBrowserRouter(appRoutes);
  return <RouterProvider router={router} />;
}
