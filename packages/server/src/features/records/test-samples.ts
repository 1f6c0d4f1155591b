import type { Sample } from '../../testing/route-samples.js';

/** Valid-shaped arguments of the records routes for the generated tests over the route table. */
export function recordsSamples(): Record<string, () => Sample> {
  const range = { from: '2020-01-01', to: '2027-01-01' };
  return {
    'GET /exports/trades.csv': () => ({ query: range }),
    'GET /exports/transactions.csv': () => ({ query: range }),
    'GET /exports/positions.csv': () => ({ query: range }),
    'GET /position/pnl': () => ({ query: { period: 'month', ...range } }),
  };
}
