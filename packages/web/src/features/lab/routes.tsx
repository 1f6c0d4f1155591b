import { Navigate, type RouteObject } from 'react-router';

/*
 * The lab's screens under /app/lab (docs/web.md), each loaded on demand so the signed-in app's
 * first load does not carry them: data sets, a new backtest, results, compare, sweeps. Keep this
 * file to lazy entries: the router imports it statically.
 */
export const labRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./lab-layout')).LabLayout }),
    children: [
      { index: true, element: <Navigate to="/app/lab/data" replace /> },
      {
        path: 'data',
        lazy: async () => ({ Component: (await import('./data/data-page')).DataPage }),
      },
      {
        path: 'backtest',
        lazy: async () => ({ Component: (await import('./backtest/backtest-page')).BacktestPage }),
      },
      {
        path: 'results',
        lazy: async () => ({ Component: (await import('./results/results-page')).ResultsPage }),
      },
    ],
  },
];
