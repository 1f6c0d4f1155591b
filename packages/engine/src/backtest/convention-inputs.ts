import {
  BACKTEST_BASELINES,
  BACKTEST_CADENCES,
  BACKTEST_IRR_CONVENTIONS,
  BACKTEST_WEEKDAYS,
  type BacktestBaselineId,
  CodedError,
  Decimal,
  type LabBacktestConventions,
} from '@balancer/core';
import type { BaselineConventions } from './baselines/conventions.js';
import {
  DEFAULT_EXCHANGE_CONFIG,
  type ExchangeConfig,
  parseExchangeConfig,
} from './exchange/exchange-config.js';
import type { InvalidInput } from './inputs.js';

/** The conventions as a caller gives them: CLI flag values (text) or the API body's fields. */
export interface ConventionInputs {
  lotDecimals?: string | number;
  minOrderBase?: string;
  minNotional?: string;
  cadence?: string;
  weekday?: string;
  monthDay?: string | number;
  hour?: string | number;
  contribution?: string;
  /** A list, or text with commas (`dca,value-averaging`; `none` for no baseline). */
  baselines?: string | readonly string[];
  irr?: string;
  periodsPerYear?: string | number;
}

/** How the caller names each input in its errors (`--lot-decimals`, `lotDecimals`). */
export type ConventionNames = Record<keyof ConventionInputs, string>;

/** Today's conventions: Binance BTC/USDT lot and minimums, weekly from the start, all baselines, XIRR. */
export const DEFAULT_CONVENTIONS: LabBacktestConventions = {
  lotDecimals: DEFAULT_EXCHANGE_CONFIG.lotDecimals,
  minOrderBase: DEFAULT_EXCHANGE_CONFIG.minOrderBase,
  minNotional: DEFAULT_EXCHANGE_CONFIG.minNotional,
  cadence: 'weekly',
  weekday: null,
  monthDay: null,
  hour: null,
  contribution: null,
  baselines: [...BACKTEST_BASELINES],
  irr: 'xirr',
  periodsPerYear: null,
};

/** Periods per year of a periodic IRR when not given: the cadence's. */
const CADENCE_PERIODS = { daily: 365, weekly: 52, monthly: 12 } as const;
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Checks the conventions (shared by the CLI's flags and the API's backtest body). A bad value is
 * `invalid` naming the input; a contradiction is BACKTEST_CONVENTIONS_CONFLICT; an explicit
 * contribution under the minimum notional is BACKTEST_CONTRIBUTION_BELOW_MINIMUM.
 */
export function conventionsInput(
  raw: ConventionInputs,
  names: ConventionNames,
  invalid: InvalidInput,
): LabBacktestConventions {
  const integer = (key: 'lotDecimals' | 'monthDay' | 'hour', min: number, max: number) => {
    const value = raw[key];
    if (value === undefined) return null;
    const text = String(value);
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
      throw invalid(`${names[key]} must be an integer from ${min} to ${max}, got "${text}"`);
    return Number(text);
  };
  /**
   * Periods a year of the periodic IRR: 1–365, whole or with up to 4 decimals (weekly flows are
   * usually annualised with 365.2425 ÷ 7 = 52.1775).
   */
  const periodsPerYear = (min: number, max: number) => {
    const value = raw.periodsPerYear;
    if (value === undefined) return null;
    const text = String(value);
    if (!/^\d+(\.\d{1,4})?$/.test(text) || Number(text) < min || Number(text) > max)
      throw invalid(
        `${names.periodsPerYear} must be a number from ${min} to ${max} with at most 4 decimals (e.g. 52 or 52.1775), got "${text}"`,
      );
    return Number(text);
  };
  const decimal = (key: 'minOrderBase' | 'minNotional' | 'contribution', positive: boolean) => {
    const value = raw[key];
    if (value === undefined) return null;
    if (!PLAIN_DECIMAL.test(value) || (positive && new Decimal(value).isZero()))
      throw invalid(
        `${names[key]} must be ${positive ? 'an amount greater than 0' : 'an amount of 0 or more'}, got "${value}"`,
      );
    return new Decimal(value).toFixed();
  };
  const choice = <T extends string>(key: 'cadence' | 'weekday' | 'irr', options: readonly T[]): T | null => {
    const value = raw[key];
    if (value === undefined) return null;
    if (!(options as readonly string[]).includes(value))
      throw invalid(`${names[key]} must be one of ${options.join(', ')}, got "${value}"`);
    return value as T;
  };
  const cadence = choice('cadence', BACKTEST_CADENCES) ?? DEFAULT_CONVENTIONS.cadence;
  const weekday = choice('weekday', BACKTEST_WEEKDAYS);
  const monthDay = integer('monthDay', 1, 28);
  const irr = choice('irr', BACKTEST_IRR_CONVENTIONS) ?? DEFAULT_CONVENTIONS.irr;
  const periods = periodsPerYear(1, 365);
  const conflict = (detail: string) => new CodedError('BACKTEST_CONVENTIONS_CONFLICT', detail);
  if (weekday !== null && cadence !== 'weekly')
    throw conflict(`${names.weekday} needs the weekly ${names.cadence}, not ${cadence}`);
  if (monthDay !== null && cadence !== 'monthly')
    throw conflict(`${names.monthDay} needs the monthly ${names.cadence}, not ${cadence}`);
  if (periods !== null && irr !== 'periodic')
    throw conflict(`${names.periodsPerYear} needs the periodic ${names.irr}, not ${irr}`);
  const conventions: LabBacktestConventions = {
    lotDecimals: integer('lotDecimals', 0, 8) ?? DEFAULT_CONVENTIONS.lotDecimals,
    minOrderBase: decimal('minOrderBase', false) ?? DEFAULT_CONVENTIONS.minOrderBase,
    minNotional: decimal('minNotional', false) ?? DEFAULT_CONVENTIONS.minNotional,
    cadence,
    weekday,
    monthDay,
    hour: integer('hour', 0, 23),
    contribution: decimal('contribution', true),
    baselines: baselinesInput(raw.baselines, names.baselines, invalid),
    irr,
    periodsPerYear: irr === 'periodic' ? (periods ?? CADENCE_PERIODS[cadence]) : null,
  };
  if (
    conventions.contribution !== null &&
    new Decimal(conventions.contribution).lt(conventions.minNotional)
  ) {
    throw new CodedError(
      'BACKTEST_CONTRIBUTION_BELOW_MINIMUM',
      `${names.contribution} ${conventions.contribution} is under ${names.minNotional} ${conventions.minNotional}`,
    );
  }
  return conventions;
}

/** The baselines named (each once), or all of them when absent. */
function baselinesInput(
  value: string | readonly string[] | undefined,
  name: string,
  invalid: InvalidInput,
): BacktestBaselineId[] {
  if (value === undefined) return [...BACKTEST_BASELINES];
  const list = typeof value === 'string' ? (value === 'none' ? [] : value.split(',')) : value;
  const chosen = new Set<BacktestBaselineId>();
  for (const id of list) {
    if (!(BACKTEST_BASELINES as readonly string[]).includes(id) || chosen.has(id as BacktestBaselineId))
      throw invalid(
        `${name} must list some of ${BACKTEST_BASELINES.join(', ')} (each once, or none), got "${id}"`,
      );
    chosen.add(id as BacktestBaselineId);
  }
  return BACKTEST_BASELINES.filter((id) => chosen.has(id));
}

/** The simulated exchange's rules and the baseline conventions the engine runs with. */
export function engineConventionsOf(
  feePercent: string,
  conventions: LabBacktestConventions = DEFAULT_CONVENTIONS,
): { exchange: ExchangeConfig; baselines: BaselineConventions } {
  const { lotDecimals, minOrderBase, minNotional, cadence, weekday, monthDay, hour } = conventions;
  return {
    exchange: parseExchangeConfig({ feePercent, lotDecimals, minOrderBase, minNotional }),
    baselines: {
      schedule: { cadence, weekday, monthDay, hour },
      contribution: conventions.contribution,
      baselines: conventions.baselines,
      irr:
        conventions.irr === 'periodic'
          ? { kind: 'periodic', periodsPerYear: conventions.periodsPerYear ?? CADENCE_PERIODS[cadence] }
          : { kind: 'xirr' },
    },
  };
}
