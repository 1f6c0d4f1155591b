import {
  CodedError,
  type LabBacktestBody,
  type LabBacktestInputs,
  parseStrategyConfig,
  type StrategyConfig,
} from '@balancer/core';
import {
  type BacktestJobRequest,
  backtestOptionsOf,
  type ConventionNames,
  conventionsInput,
  dayRange,
  feePercentInput,
  startQuoteInput,
  templateStrategy,
} from '@balancer/engine';

const invalid = (detail: string) => new CodedError('LAB_INVALID_INPUT', detail);

/** The body's convention fields name themselves in errors. */
const CONVENTION_FIELDS: ConventionNames = {
  lotDecimals: 'lotDecimals',
  minOrderBase: 'minOrderBase',
  minNotional: 'minNotional',
  cadence: 'cadence',
  weekday: 'weekday',
  monthDay: 'monthDay',
  hour: 'hour',
  contribution: 'contribution',
  baselines: 'baselines',
  irr: 'irr',
  periodsPerYear: 'periodsPerYear',
};

/**
 * A backtest request's inputs, checked as the CLI's flags are (engine backtest/inputs.ts) and, for
 * explicit strategy values, as the live strategy's (core's parseStrategyConfig, the same check
 * PUT /position/strategy runs). Every problem is a coded error, before any job exists.
 */
export function checkBacktestInputs(body: LabBacktestBody, liveStrategy: StrategyConfig): LabBacktestInputs {
  const feePercent = feePercentInput(body.feePercent, 'feePercent', invalid);
  const startQuote = startQuoteInput(body.startQuote, 'startQuote', invalid);
  dayRange({ value: body.from, name: 'from' }, { value: body.to, name: 'to' }, invalid);
  const conventions = conventionsInput(body, CONVENTION_FIELDS, invalid);
  let strategy: StrategyConfig;
  let strategySource: string;
  if (body.strategy === 'live') {
    strategy = liveStrategy;
    strategySource = 'the live strategy settings';
  } else if ('template' in body.strategy) {
    ({ strategy, source: strategySource } = templateStrategy(
      body.strategy.template,
      startQuote,
      'strategy.template',
      invalid,
    ));
  } else {
    strategy = parseStrategyConfig(body.strategy.config);
    strategySource = 'explicit values';
  }
  return {
    dataSet: body.dataSet,
    from: body.from ?? null,
    to: body.to ?? null,
    startQuote,
    feePercent,
    conventions,
    strategySource,
    strategy,
  };
}

/** The worker's request for checked inputs and the data set's file. */
export function backtestRequestOf(inputs: LabBacktestInputs, dataFile: string): BacktestJobRequest {
  const range = dayRange(
    { value: inputs.from ?? undefined, name: 'from' },
    { value: inputs.to ?? undefined, name: 'to' },
    invalid,
  );
  return {
    dataFile,
    dataLabel: inputs.dataSet,
    options: backtestOptionsOf({
      startQuote: inputs.startQuote,
      feePercent: inputs.feePercent,
      strategy: inputs.strategy,
      ...(inputs.conventions === undefined ? {} : { conventions: inputs.conventions }),
      ...range,
    }),
    strategySource: inputs.strategySource,
  };
}
