import type { RouteObject } from 'react-router';

/*
 * The lab's screens under /app/lab (docs/web.md), each loaded on demand so the signed-in app's
 * first load does not carry them: data sets, a new backtest, results, compare, sweeps.
 */
export const labRoutes: RouteObject[] = [
  {
    path: 'results/:id',
    lazy: async () => ({ Component: (await import('./result/result-page')).ResultPage }),
  },
  {
    path: 'compare',
    lazy: async () => ({ Component: (await import('./compare/compare-page')).ComparePage }),
  },
];
