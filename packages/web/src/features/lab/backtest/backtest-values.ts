import type {
  BACKTEST_CADENCES,
  BACKTEST_IRR_CONVENTIONS,
  BACKTEST_WEEKDAYS,
  LabBacktestBody,
  LabDataSet,
} from '@balancer/core';
import { LANDING_BACKTEST } from '@balancer/core';
import { utcDay } from '../lab-format';

/** The period presets: the last 3, 6 or 12 months of the set, all of it, or chosen days. */
export const PERIOD_PRESETS = [
  { id: '3m', label: 'Last 3 months', months: 3 },
  { id: '6m', label: 'Last 6 months', months: 6 },
  { id: '12m', label: 'Last 12 months', months: 12 },
  { id: 'all', label: 'All', months: null },
  { id: 'custom', label: 'Custom', months: null },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['id'];

export type StrategyMode = 'live' | 'template' | 'config';

/** The form's fields as typed (text), before the checks. */
export interface BacktestForm {
  dataSet: string;
  preset: PeriodPreset;
  from: string;
  to: string;
  startQuote: string;
  feePercent: string;
  lotDecimals: string;
  minOrderBase: string;
  minNotional: string;
  cadence: (typeof BACKTEST_CADENCES)[number];
  /** '' = as the start. */
  weekday: '' | (typeof BACKTEST_WEEKDAYS)[number];
  monthDay: string;
  hour: string;
  contribution: string;
  irr: (typeof BACKTEST_IRR_CONVENTIONS)[number];
  strategyMode: StrategyMode;
  template: string;
}

/** The server's defaults (docs/backtesting.md, Backtest jobs (API)). */
export const DEFAULT_FORM: BacktestForm = {
  dataSet: '',
  preset: '3m',
  from: '',
  to: '',
  startQuote: '10000',
  feePercent: '0.1',
  lotDecimals: '5',
  minOrderBase: '0.0002',
  minNotional: '10',
  cadence: 'weekly',
  weekday: '',
  monthDay: '',
  hour: '',
  contribution: '',
  irr: 'xirr',
  strategyMode: 'live',
  template: '',
};

/** The form filled with the backtest the landing page's images come from (core LANDING_BACKTEST). */
export const LANDING_FORM: BacktestForm = {
  ...DEFAULT_FORM,
  dataSet: LANDING_BACKTEST.dataSet,
  preset: 'all',
  startQuote: LANDING_BACKTEST.startQuote,
  feePercent: LANDING_BACKTEST.feePercent,
  strategyMode: 'template',
  template: LANDING_BACKTEST.strategy.template,
};

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** The first and last day of a preset on a set (null: the whole set, or not a preset). */
export function presetPeriod(set: LabDataSet, preset: PeriodPreset): { from: string; to: string } | null {
  const months = PERIOD_PRESETS.find((entry) => entry.id === preset)?.months ?? null;
  if (months === null || set.fromMs === null || set.toMs === null) return null;
  const end = new Date(set.toMs);
  const year = end.getUTCFullYear();
  const month = end.getUTCMonth() - months;
  // The same day `months` earlier (the month's last when shorter), and the day after it.
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const start = Date.UTC(year, month, Math.min(end.getUTCDate(), lastOfMonth)) + DAY_MS;
  return { from: utcDay(Math.max(start, set.fromMs)), to: utcDay(set.toMs) };
}

const isDay = (text: string): boolean =>
  DAY.test(text) && utcDay(Date.parse(`${text}T00:00:00Z`) || 0) === text;

function integerIn(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

export type BacktestCheck =
  | { ok: true; body: Omit<LabBacktestBody, 'strategy'> }
  | { ok: false; errors: Partial<Record<keyof BacktestForm, string>> };

/**
 * Checks the form as the server will (engine backtest/inputs.ts), so most mistakes show beside
 * their field before a request; the server checks again and answers a coded error otherwise.
 * The strategy is checked apart (live, a template, or the strategy settings' own schema).
 */
export function checkBacktestForm(form: BacktestForm, sets: readonly LabDataSet[]): BacktestCheck {
  const errors: Partial<Record<keyof BacktestForm, string>> = {};
  const set = sets.find((entry) => entry.name === form.dataSet);
  if (!set) errors.dataSet = 'Choose a data set';
  let period: { from?: string; to?: string } = {};
  if (form.preset === 'custom') {
    if (!isDay(form.from)) errors.from = 'A day, YYYY-MM-DD';
    if (!isDay(form.to)) errors.to = 'A day, YYYY-MM-DD';
    else if (isDay(form.from) && form.from > form.to) errors.to = 'The last day comes after the first';
    period = { from: form.from, to: form.to };
  } else if (set) {
    period = presetPeriod(set, form.preset) ?? {};
  }
  if (!DECIMAL.test(form.startQuote) || Number(form.startQuote) <= 0)
    errors.startQuote = 'A decimal above 0, e.g. 10000';
  if (!DECIMAL.test(form.feePercent) || Number(form.feePercent) > 10) errors.feePercent = 'From 0 to 10 %';
  const lotDecimals = integerIn(form.lotDecimals, 0, 8);
  if (lotDecimals === null) errors.lotDecimals = 'A whole number from 0 to 8';
  if (!DECIMAL.test(form.minOrderBase)) errors.minOrderBase = 'A decimal, 0 allowed';
  if (!DECIMAL.test(form.minNotional)) errors.minNotional = 'A decimal, 0 allowed';
  const hour = form.hour === '' ? undefined : integerIn(form.hour, 0, 23);
  if (hour === null) errors.hour = 'A whole hour from 0 to 23, or empty';
  const monthDay =
    form.cadence !== 'monthly' || form.monthDay === '' ? undefined : integerIn(form.monthDay, 1, 28);
  if (monthDay === null) errors.monthDay = 'A day from 1 to 28, or empty';
  if (form.contribution !== '' && (!DECIMAL.test(form.contribution) || Number(form.contribution) <= 0))
    errors.contribution = 'A decimal above 0, or empty';
  if (form.strategyMode === 'template' && form.template === '') errors.template = 'Choose a template';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      dataSet: form.dataSet,
      ...period,
      startQuote: form.startQuote,
      feePercent: form.feePercent,
      ...(lotDecimals === null ? {} : { lotDecimals }),
      minOrderBase: form.minOrderBase,
      minNotional: form.minNotional,
      cadence: form.cadence,
      ...(form.cadence === 'weekly' && form.weekday !== '' ? { weekday: form.weekday } : {}),
      ...(monthDay == null ? {} : { monthDay }),
      ...(hour == null ? {} : { hour }),
      ...(form.contribution === '' ? {} : { contribution: form.contribution }),
      irr: form.irr,
    },
  };
}
