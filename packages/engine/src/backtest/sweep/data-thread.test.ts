import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCandleFile } from '../../market-data/load-candles.js';
import { startSweepDataThread } from './data-thread.js';

const WORKER = { path: fileURLToPath(new URL('../jobs/worker.ts', import.meta.url)), fromSource: true };
const DATA = fileURLToPath(new URL('../../../../../market-data/coinbase-btcusd-1h.csv.gz', import.meta.url));
const LABEL = 'coinbase-btcusd-1h.csv.gz';

describe("a sweep's data thread", () => {
  it('reads the set as loadCandleFile does, its columns handed over in shared memory', async () => {
    const { table, source } = await startSweepDataThread(WORKER, DATA, LABEL).result;
    const here = loadCandleFile(DATA, LABEL);
    expect(source).toEqual(here.source);
    expect(table.length).toBe(here.table.length);
    expect(Array.from(table.close)).toEqual(Array.from(here.table.close));
    expect(table.time.buffer).toBeInstanceOf(SharedArrayBuffer);
  }, 60_000);

  it("gives a file's coded error, and SWEEP_CANCELLED once cancelled", async () => {
    await expect(startSweepDataThread(WORKER, `${DATA}.missing`, LABEL).result).rejects.toMatchObject({
      errorName: 'BACKTEST_DATA_UNREADABLE',
    });
    const thread = startSweepDataThread(WORKER, DATA, LABEL);
    await thread.cancel();
    await expect(thread.result).rejects.toMatchObject({ errorName: 'SWEEP_CANCELLED' });
  }, 60_000);
});
