import { randomUUID } from 'node:crypto';
import type { Sample } from '../../testing/route-samples.js';

const missingResult = () => ({ params: { id: '999999' } });

/**
 * Valid-shaped arguments of the lab's routes for the generated tests over the route table. The
 * backtest and the sweep name a data set that does not exist, so a caller let through gets
 * LAB_DATA_SET_UNKNOWN and no job starts.
 */
export function labSamples(): Record<string, () => Sample> {
  return {
    'POST /lab/backtests': () => ({
      body: {
        dataSet: 'matrix-no-such-set.csv.gz',
        from: '2025-01-01',
        to: '2025-01-31',
        startQuote: '10000',
        feePercent: '0.1',
        lotDecimals: 5,
        minOrderBase: '0.0002',
        minNotional: '10',
        cadence: 'weekly',
        weekday: 'monday',
        hour: 0,
        contribution: '100',
        baselines: ['buy-and-hold', 'dca', 'value-averaging', 'value-averaging-no-sell'],
        irr: 'periodic',
        periodsPerYear: 52,
        strategy: { template: 'SCALPER' },
      },
    }),
    'POST /lab/sweeps': () => ({
      body: {
        dataSet: 'matrix-no-such-set.csv.gz',
        strategy: { template: 'SCALPER' },
        ranges: [{ parameter: 'increaseGainRequirement', from: -2, to: 0, step: 1 }],
      },
    }),
    // A day to come: LAB_INVALID_INPUT, so a caller let through starts no download.
    'POST /lab/downloads': () => ({ body: { timeframe: '1h', since: '2999-01-01' } }),
    // No such set: LAB_DATA_SET_UNKNOWN, so a caller let through removes nothing.
    'DELETE /lab/data-sets/:name': () => ({ params: { name: 'matrix-no-such-set.candles' } }),
    'GET /lab/data-sets/:name/gaps': () => ({ params: { name: 'matrix-no-such-set.candles' } }),
    'GET /lab/jobs/:id': () => ({ params: { id: randomUUID() } }),
    'POST /lab/jobs/:id/cancel': () => ({ params: { id: randomUUID() } }),
    'GET /lab/results/:id': missingResult,
    'GET /lab/results/:id/report.html': missingResult,
    'DELETE /lab/results/:id': missingResult,
    'POST /lab/results/:id/apply': missingResult,
    'POST /lab/results/:id/rows/:row/apply': () => ({ params: { id: '999999', row: '0' } }),
    'GET /lab/live-origin': () => ({}),
  };
}
