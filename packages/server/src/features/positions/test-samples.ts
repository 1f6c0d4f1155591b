import {
  DEFAULT_COINS_CONFIG,
  DEFAULT_LIQUIDITY_CONFIG,
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  DEFAULT_WINDOW_CONFIG,
} from '@balancer/core';

import type { Sample } from '../../testing/route-samples.js';

const page = { query: { limit: '5' } };
const missing = { params: { id: '999999' } };
const trade = { side: 'BUY', time: 1_767_225_600_000, price: '95000', amount: '0.001' };

/**
 * Valid-shaped arguments of the position and market-state routes for the generated tests over
 * the route table (testing/route-samples.ts): each route needs arguments its schemas accept.
 */
export function tradingSamples(): Record<string, () => Sample> {
  return {
    'PUT /market-state/window/config': () => ({ body: { newConfig: DEFAULT_WINDOW_CONFIG } }),
    'PUT /market-state/liquidity/config': () => ({ body: { newConfig: DEFAULT_LIQUIDITY_CONFIG } }),
    'PUT /market-state/coins/config': () => ({ body: { newConfig: DEFAULT_COINS_CONFIG } }),
    'PUT /market-state/reversal/config': () => ({ body: { newConfig: DEFAULT_REVERSAL_CONFIG } }),
    'GET /market-state/reversal/records': () => page,
    'GET /market-state/reversal/event-history/:id': () => ({ params: { id: 'crash-1767225600000' } }),
    // A full strategy (not a template id), so that the generated tests reach every field.
    'PUT /position/strategy': () => ({ body: { newConfig: DEFAULT_STRATEGY_CONFIG } }),
    'PATCH /position/archive/:id': () => missing,
    'PATCH /position/unarchive/:id': () => missing,
    'GET /position/record/:id': () => missing,
    'GET /position/records': () => page,
    'GET /position/records/range': () => ({ query: { startAt: '1735689600000', endAt: '1767225600000' } }),
    'GET /position/event-history/:id': () => missing,
    'GET /position/record/trades/:id': () => missing,
    'GET /position/record/transactions/:id': () => missing,
    'POST /position/trade': () => ({ body: { trade } }),
    'PUT /position/trade/:id': () => ({ ...missing, body: { trade } }),
    'DELETE /position/trade/:id': () => missing,
    'GET /position/transaction/:id': () => missing,
    'GET /position/transactions': () => page,
  };
}
