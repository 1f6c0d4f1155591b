import { BACKTEST_WEEKDAYS, type BacktestCadence, type BacktestWeekday } from '@balancer/core';
import { type CandleTable, firstAtOrAfter } from '../../market-data/candle-table.js';

const HOUR_MS = 3600e3;
const DAY_MS = 24 * HOUR_MS;
const PERIOD_MS: Record<Exclude<BacktestCadence, 'monthly'>, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };

/**
 * When DCA and value averaging contribute. With weekday, monthDay and hour all null the dates
 * are the start + k periods (k = 0, 1, …; a month keeps the start's day, the last day of a
 * shorter month); with any of them set they are calendar dates: every day at `hour`, every
 * `weekday` at `hour`, or every month on `monthDay` at `hour` (UTC; unset parts: 00:00, monday,
 * the 1st), the first at or after the start.
 */
export interface ContributionSchedule {
  cadence: BacktestCadence;
  /** Weekly only. */
  weekday: BacktestWeekday | null;
  /** Monthly only, 1–28. */
  monthDay: number | null;
  /** 0–23, UTC. */
  hour: number | null;
}

/** Today's default: every 7 days from the first candle. */
export const DEFAULT_SCHEDULE: ContributionSchedule = {
  cadence: 'weekly',
  weekday: null,
  monthDay: null,
  hour: null,
};

const isAnchoredToStart = (s: ContributionSchedule) =>
  s.weekday === null && s.monthDay === null && s.hour === null;

/** The k-th date (ms) of the schedule for a run starting at `start`. */
export function scheduleDates(schedule: ContributionSchedule, start: number): (k: number) => number {
  const day = new Date(start);
  const [year, month, date] = [day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()];
  if (isAnchoredToStart(schedule)) {
    if (schedule.cadence !== 'monthly') {
      const period = PERIOD_MS[schedule.cadence];
      return (k) => start + k * period;
    }
    const timeOfDay = start - Date.UTC(year, month, date);
    return (k) => Date.UTC(year, month + k, Math.min(date, daysIn(year, month + k))) + timeOfDay;
  }
  const hour = (schedule.hour ?? 0) * HOUR_MS;
  if (schedule.cadence === 'monthly') {
    const monthDay = schedule.monthDay ?? 1;
    const skip = Date.UTC(year, month, monthDay) + hour < start ? 1 : 0;
    return (k) => Date.UTC(year, month + skip + k, monthDay) + hour;
  }
  let first = Date.UTC(year, month, date) + hour;
  if (schedule.cadence === 'weekly') {
    const weekday = BACKTEST_WEEKDAYS.indexOf(schedule.weekday ?? 'monday');
    first += ((weekday - day.getUTCDay() + 7) % 7) * DAY_MS;
  }
  const period = PERIOD_MS[schedule.cadence];
  if (first < start) first += period;
  return (k) => first + k * period;
}

/** Days in month `month` (0-based, may overflow into later years) of `year`. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The candle index of each contribution date: the first candle opening at or after it. A gap
 * longer than a period skips the dates inside it rather than contributing twice at once.
 */
export function contributionIndices(table: CandleTable, schedule: ContributionSchedule): Int32Array {
  const out: number[] = [];
  const { time, length } = table;
  if (length === 0) return new Int32Array(0);
  const dateOf = scheduleDates(schedule, time[0]!);
  let k = 0;
  let due = dateOf(0);
  // Candle to candle, this is: a candle at or after `due` contributes, and `due` moves past it.
  // The open times ascend strictly, so the next such candle is found by searching, not stepping.
  for (let i = firstAtOrAfter(time, 0, due); i < length; i = firstAtOrAfter(time, i + 1, due)) {
    out.push(i);
    while (due <= time[i]!) due = dateOf(++k);
  }
  return Int32Array.from(out);
}

/** "a week", "every monday at 00:00 UTC", … for labels and statements. */
export function schedulePhrase(schedule: ContributionSchedule): string {
  if (isAnchoredToStart(schedule))
    return { daily: 'a day', weekly: 'a week', monthly: 'a month' }[schedule.cadence];
  const at = `at ${String(schedule.hour ?? 0).padStart(2, '0')}:00 UTC`;
  if (schedule.cadence === 'daily') return `every day ${at}`;
  if (schedule.cadence === 'weekly') return `every ${schedule.weekday ?? 'monday'} ${at}`;
  return `on day ${schedule.monthDay ?? 1} of every month ${at}`;
}
