import { CodedError } from '../errors/coded-error.js';

export const PROFIT_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type ProfitPeriod = (typeof PROFIT_PERIODS)[number];

/** The period named by a query, or RECORDS_PERIOD_UNKNOWN. */
export function readPeriod(text: string | undefined): ProfitPeriod {
  const period = PROFIT_PERIODS.find((name) => name === text);
  if (!period) throw new CodedError('RECORDS_PERIOD_UNKNOWN', String(text).slice(0, 20));
  return period;
}

const DAY_MS = 86_400_000;

/** Start (epoch ms, UTC) of the period holding `epochMs`: the day, the ISO week (Monday), the month, the year. */
export function periodStart(epochMs: number, period: ProfitPeriod): number {
  const date = new Date(epochMs);
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  switch (period) {
    case 'day':
      return day;
    case 'week':
      return day - ((date.getUTCDay() + 6) % 7) * DAY_MS;
    case 'month':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    case 'year':
      return Date.UTC(date.getUTCFullYear(), 0, 1);
  }
}

/** Start of the period after the one starting at `start`. */
export function nextPeriodStart(start: number, period: ProfitPeriod): number {
  const date = new Date(start);
  switch (period) {
    case 'day':
      return start + DAY_MS;
    case 'week':
      return start + 7 * DAY_MS;
    case 'month':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    case 'year':
      return Date.UTC(date.getUTCFullYear() + 1, 0, 1);
  }
}
