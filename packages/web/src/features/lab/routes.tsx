import { Navigate, type RouteObject } from 'react-router';

/*
 * The lab's screens under /app/lab (docs/web.md), each loaded on demand so the signed-in app's
 * first load does not carry them: data sets, a new backtest, results, compare, sweeps. Keep this
 * file to lazy entries: the router imports it statically. The screens share one
 * chunk (lab-screens.ts) and one import call: the router's first load lists its preloads once.
 */
const screens = () => import('./lab-screens');

export const labRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await screens()).LabLayout }),
    children: [
      { index: true, element: <Navigate to="/app/lab/data" replace /> },
      { path: 'data', lazy: async () => ({ Component: (await screens()).DataPage }) },
      { path: 'backtest', lazy: async () => ({ Component: (await screens()).BacktestPage }) },
      { path: 'results', lazy: async () => ({ Component: (await screens()).ResultsPage }) },
      { path: 'results/:id', lazy: async () => ({ Component: (await screens()).ResultPage }) },
      { path: 'compare', lazy: async () => ({ Component: (await screens()).ComparePage }) },
      { path: 'sweep', lazy: async () => ({ Component: (await screens()).SweepPage }) },
      { path: 'sweeps/:id', lazy: async () => ({ Component: (await screens()).SweepResultPage }) },
    ],
  },
];
