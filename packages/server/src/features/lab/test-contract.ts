import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { LabBacktestInputs } from '@balancer/core';
import { loadCandleFile, sliceByIndex, writeCandleFile } from '@balancer/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { SHIPPED_DATA_DIR } from '../../paths.js';
import type { Services } from '../../platform/compose.js';
import type { LiveSample } from '../../testing/contract-seed.js';
import { recordLiveOrigin } from './live-origin.js';
import { insertLabResult } from './repository.js';
import { HOURLY_SET, sweepResultRow, WEEK, weekBacktestRow } from './test-support.js';

/** The same week swept over two increase gain requirements. */
const SWEEP = {
  ...WEEK,
  ranges: [{ parameter: 'increaseGainRequirement', from: -2, to: 0, step: 2 }],
};

/**
 * The lab's rows and arguments for the contract test: two results of a real backtest run here
 * (one for DELETE, one for apply, which the table calls after it), one of a real sweep (a row to
 * apply), a downloaded set to remove, a job started by POST
 * /lab/backtests for the job reads, and a second, queued one to cancel.
 */
export async function labContractSamples(
  services: Services,
  db: Kysely<Database>,
): Promise<Record<string, LiveSample>> {
  const row = weekBacktestRow(await services.trading.settings.get('strategy'), services.clock.wallNow());
  const store = (n: number) => insertLabResult(db, row(n));
  const deleted = await store(1);
  const applied = await store(2);
  const swept = await insertLabResult(
    db,
    sweepResultRow(SWEEP, await services.trading.settings.get('strategy'), {
      jobId: '00000000-0000-4000-8000-000000000003',
      createdAt: services.clock.wallNow(),
      createdBy: 'root',
    }),
  );
  const { table } = loadCandleFile(`${SHIPPED_DATA_DIR}/${HOURLY_SET}`);
  // A downloaded set of ten hourly candles, for DELETE /lab/data-sets/:name to remove.
  const removable = 'contract-BTC-USD-1h.candles';
  await mkdir(services.lab.folders.downloaded, { recursive: true });
  writeCandleFile(
    path.join(services.lab.folders.downloaded, removable),
    { exchange: 'file', symbol: 'BTC/USD', timeframe: '1h', source: `ten candles of ${HOURLY_SET}` },
    sliceByIndex(table, 0, 10),
  );
  const newestJob = () => ({ params: { id: services.lab.runner.list()[0]?.id ?? '' } });
  const root = { id: '', nickname: 'root', authority: 5 as const };
  return {
    'DELETE /lab/data-sets/:name': () => ({ params: { name: removable } }),
    'GET /lab/data-sets/:name/gaps': () => ({ params: { name: HOURLY_SET } }),
    'POST /lab/backtests': () => ({ body: WEEK }),
    'POST /lab/sweeps': () => ({ body: SWEEP }),
    // Queued behind the backtest (or refused at once by TEST_CONFIG's closed EXCHANGE_API_URL).
    'POST /lab/downloads': () => ({ body: { timeframe: '1h', since: '2024-01-01' } }),
    'GET /lab/jobs/:id': newestJob,
    'POST /lab/jobs/:id/cancel': async () => ({
      params: { id: (await services.lab.startBacktest(WEEK, root)).id },
    }),
    'GET /lab/results/:id': () => ({ params: { id: String(applied) } }),
    'GET /lab/results/:id/report.html': () => ({ params: { id: String(applied) } }),
    'DELETE /lab/results/:id': () => ({ params: { id: String(deleted) } }),
    'POST /lab/results/:id/apply': () => ({ params: { id: String(applied) } }),
    'POST /lab/results/:id/rows/:row/apply': () => ({ params: { id: String(swept), row: '0' } }),
    // An apply recorded (the answer is null until one is).
    'GET /lab/live-origin': async () => {
      await recordLiveOrigin(db, {
        resultId: applied,
        kind: 'backtest',
        row: null,
        appliedAt: services.clock.wallNow(),
        appliedBy: 'root',
        dataSet: row(2).dataSet,
        config: (row(2).inputs as LabBacktestInputs).strategy,
        figures: { outcome: row(2).outcomes[0] ?? null },
      });
      return {};
    },
  };
}
