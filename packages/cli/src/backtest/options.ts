import { readFileSync } from 'node:fs';
import { CodedError, parseStrategyConfig, type StrategyConfig } from '@balancer/core';
import {
  type BacktestOptions,
  backtestOptionsOf,
  type ConventionNames,
  conventionsInput,
  DEFAULT_PROXY_CONFIG,
  dayRange,
  feePercentInput,
  startQuoteInput,
  templateStrategy,
} from '@balancer/engine';
import type { CliArgs } from './args.js';

const invalid = (detail: string) => new CodedError('BACKTEST_INVALID_FLAG', detail);

/** The convention flags as errors name them (args.ts reads them). */
const CONVENTION_FLAGS: ConventionNames = {
  lotDecimals: '--lot-decimals',
  minOrderBase: '--min-order',
  minNotional: '--min-notional',
  cadence: '--cadence',
  weekday: '--weekday',
  monthDay: '--month-day',
  hour: '--hour',
  contribution: '--contribution',
  baselines: '--baselines',
  irr: '--irr',
  periodsPerYear: '--periods-per-year',
};

/** The strategy from --config (a StrategyConfig JSON file), --template, or the default. */
function strategyOf(args: CliArgs, quote: string): { strategy: StrategyConfig; source: string } {
  if (args.config !== undefined && args.template !== undefined)
    throw invalid('use --config or --template, not both');
  if (args.config !== undefined) {
    let input: unknown;
    try {
      input = JSON.parse(readFileSync(args.config, 'utf8'));
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new CodedError('BACKTEST_CONFIG_UNREADABLE', `${args.config}: ${reason}`);
    }
    return { strategy: parseStrategyConfig(input), source: `file ${args.config}` };
  }
  return templateStrategy(args.template, quote, '--template', invalid);
}

/**
 * Turns the flags into validated backtest options (the checks are engine's backtest/inputs.ts,
 * shared with the API's backtest jobs). Every problem is a coded error.
 */
export function resolveOptions(args: CliArgs): { options: BacktestOptions; strategySource: string } {
  const fee = feePercentInput(args.fee, '--fee', invalid);
  const quote = startQuoteInput(args.quote, '--quote', invalid);
  const range = dayRange({ value: args.from, name: '--from' }, { value: args.to, name: '--to' }, invalid);
  let liquidityCandles = DEFAULT_PROXY_CONFIG.liquidityCandles;
  if (args.liquidityCandles !== undefined) {
    liquidityCandles = Number(args.liquidityCandles);
    if (!/^\d+$/.test(args.liquidityCandles) || liquidityCandles < 1 || liquidityCandles > 96) {
      throw invalid(`--liquidity-candles must be an integer from 1 to 96, got "${args.liquidityCandles}"`);
    }
  }
  const conventions = conventionsInput(args, CONVENTION_FLAGS, invalid);
  const { strategy, source } = strategyOf(args, quote);
  const options = backtestOptionsOf({
    startQuote: quote,
    feePercent: fee,
    strategy,
    liquidityCandles,
    conventions,
    ...range,
  });
  return { options, strategySource: source };
}
