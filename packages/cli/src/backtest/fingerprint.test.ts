import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STRATEGY_TEMPLATES } from '@balancer/core';
import { buildReport, loadCandleFile, runBacktest } from '@balancer/engine';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from './options.js';

// The backtest's fingerprint: sha256 of everything a run reports (the whole report.json but the
// path of the data file, plus every fill of every baseline, which the report leaves out) on both
// shipped data sets under every template, as `npm run backtest -- --template ID` runs them.
// Making the backtester faster must leave every one of them as it is (issue: exact and 3× faster).
// A change that means to move a figure updates fingerprints.json and says why in its commit.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DATA = ['market-data/binance-btcusdt-15m.csv.gz', 'market-data/coinbase-btcusd-1h.csv.gz'];
const EXPECTED = JSON.parse(
  readFileSync(fileURLToPath(new URL('./fingerprints.json', import.meta.url)), 'utf8'),
) as Record<string, { sha256: string; finalValue: string; trades: number }>;

function fingerprint(dataFile: string, template: string) {
  const { table, source } = loadCandleFile(path.join(ROOT, dataFile), dataFile);
  const { options, strategySource } = resolveOptions({ template, json: false, report: false, help: false });
  const result = runBacktest(table, options);
  const report = buildReport(result, options, source, strategySource);
  const fills = result.baselines.map((outcome) => ({ id: outcome.id, trades: outcome.trades }));
  const text = JSON.stringify({ report: { ...report, data: { ...report.data, file: null } }, fills });
  return {
    sha256: createHash('sha256').update(text).digest('hex'),
    finalValue: String(result.strategy.outcome.finalValue),
    trades: result.strategy.outcome.trades.length,
  };
}

describe('the backtest fingerprint', () => {
  for (const dataFile of DATA) {
    for (const template of Object.keys(STRATEGY_TEMPLATES)) {
      const key = `${path.basename(dataFile)} ${template}`;
      it(`is unchanged: ${key}`, () => {
        expect(fingerprint(dataFile, template)).toEqual(EXPECTED[key]);
      });
    }
  }
});
