import { loadCandleFile } from '../../market-data/load-candles.js';
import { buildReport } from '../report/build-report.js';
import type { BacktestReport } from '../report/report-types.js';
import { type BacktestOptions, runBacktest } from '../run-backtest.js';

/**
 * One backtest as a job runs it (thread.ts runs it in a worker thread): plain data only, so it
 * crosses a thread boundary by structured clone.
 */
export interface BacktestJobRequest {
  /** The candle file (a shipped CSV or a downloaded .candles set), absolute. */
  dataFile: string;
  /** How the report names the file (the data set's name, not the server's path). */
  dataLabel: string;
  /** Validated options (backtest/inputs.ts), without a progress listener. */
  options: Omit<BacktestOptions, 'onProgress'>;
  /** How the strategy was chosen, in the report's words. */
  strategySource: string;
}

/**
 * Loads the candles, runs the strategy and the baselines and builds the report, exactly as the
 * CLI does; `onProgress` gets the fraction of the strategy replay done (0–1, ~every 2 %).
 */
export function runBacktestJob(
  request: BacktestJobRequest,
  onProgress: (fraction: number) => void = () => {},
): BacktestReport {
  const { table, source } = loadCandleFile(request.dataFile, request.dataLabel);
  const options: BacktestOptions = {
    ...request.options,
    onProgress: (done, total) => onProgress(done / total),
  };
  const result = runBacktest(table, options);
  return buildReport(result, request.options, source, request.strategySource);
}
