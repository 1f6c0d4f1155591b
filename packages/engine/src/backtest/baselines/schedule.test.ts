import { describe, expect, it } from 'vitest';
import { candleTableFrom } from '../../market-data/candle-table.js';
import {
  type ContributionSchedule,
  contributionIndices,
  DEFAULT_SCHEDULE,
  schedulePhrase,
} from './schedule.js';

const HOUR = 3600e3;
const DAY = 24 * HOUR;
// 2024-01-03 is a Wednesday; 2024-01-31 a Wednesday too.
const WED = Date.UTC(2024, 0, 3, 10);

/** Hourly candles from `start` for `days` days (optionally without the hours in `gap`). */
function hourly(start: number, days: number, gap?: [number, number]) {
  const rows = [];
  for (let h = 0; h < days * 24; h++) {
    const time = start + h * HOUR;
    if (gap && time >= gap[0] && time < gap[1]) continue;
    rows.push([time, 1, 1, 1, 1] as const);
  }
  return candleTableFrom(rows);
}

const times = (table: ReturnType<typeof hourly>, schedule: ContributionSchedule) =>
  Array.from(contributionIndices(table, schedule), (i) =>
    new Date(table.time[i]!).toISOString().slice(0, 16),
  );

describe('contribution dates', () => {
  it('default: the first candle of each week from the start, skipping dates lost in a gap', () => {
    // Daily candles on days 0–6, 8, 9, then 24 (a gap over days 10–23).
    const table = candleTableFrom(
      [0, 1, 2, 3, 4, 5, 6, 8, 9, 24].map((day) => [WED + day * DAY, 1, 1, 1, 1] as const),
    );
    // Week dates: day 0 → index 0; day 7 → first candle ≥ day 7 is day 8 (index 7);
    // day 14 and day 21 fall in the gap: the candle on day 24 (index 9) serves once, for day 21.
    expect(Array.from(contributionIndices(table, DEFAULT_SCHEDULE))).toEqual([0, 7, 9]);
  });

  it('default: every 7 days from the first candle, as the weekly dates always were', () => {
    const table = hourly(WED, 40, [WED + 9 * DAY, WED + 20 * DAY]);
    // Day 0, then the gap swallows day 14 (days 9–20 missing): day 7, the first candle after the gap
    // (day 20), then 21 and 28, 35.
    expect(times(table, DEFAULT_SCHEDULE)).toEqual([
      '2024-01-03T10:00',
      '2024-01-10T10:00',
      '2024-01-23T10:00',
      '2024-01-24T10:00',
      '2024-01-31T10:00',
      '2024-02-07T10:00',
    ]);
    expect(schedulePhrase(DEFAULT_SCHEDULE)).toBe('a week');
  });

  it('weekly on monday at 00:00 UTC: only mondays, the first after the start', () => {
    const schedule: ContributionSchedule = { cadence: 'weekly', weekday: 'monday', monthDay: null, hour: 0 };
    const table = hourly(WED, 30);
    const dates = contributionIndices(table, schedule);
    // Wed 3 Jan 10:00 → Mondays 8, 15, 22, 29 January.
    expect(times(table, schedule)).toEqual([
      '2024-01-08T00:00',
      '2024-01-15T00:00',
      '2024-01-22T00:00',
      '2024-01-29T00:00',
    ]);
    for (const i of dates) expect(new Date(table.time[i]!).getUTCDay()).toBe(1);
    expect(schedulePhrase(schedule)).toBe('every monday at 00:00 UTC');
  });

  it('a weekday equal to the start day later that day is still that day', () => {
    const schedule: ContributionSchedule = {
      cadence: 'weekly',
      weekday: 'wednesday',
      monthDay: null,
      hour: 12,
    };
    expect(times(hourly(WED, 8), schedule)).toEqual(['2024-01-03T12:00', '2024-01-10T12:00']);
    // 09:00 is before the start (10:00): the first is next Wednesday.
    expect(times(hourly(WED, 8), { ...schedule, hour: 9 })).toEqual(['2024-01-10T09:00']);
  });

  it('daily: from the start, or at a set hour', () => {
    expect(times(hourly(WED, 3), { ...DEFAULT_SCHEDULE, cadence: 'daily' })).toEqual([
      '2024-01-03T10:00',
      '2024-01-04T10:00',
      '2024-01-05T10:00',
    ]);
    expect(times(hourly(WED, 3), { ...DEFAULT_SCHEDULE, cadence: 'daily', hour: 6 })).toEqual([
      '2024-01-04T06:00',
      '2024-01-05T06:00',
      // The 72 hourly candles end at 2024-01-06T09:00.
      '2024-01-06T06:00',
    ]);
  });

  it('monthly: the start day (the last day of a shorter month), or a set day', () => {
    const jan31 = Date.UTC(2024, 0, 31, 10);
    expect(times(hourly(jan31, 95), { ...DEFAULT_SCHEDULE, cadence: 'monthly' })).toEqual([
      '2024-01-31T10:00',
      '2024-02-29T10:00',
      '2024-03-31T10:00',
      '2024-04-30T10:00',
    ]);
    const monthly: ContributionSchedule = { cadence: 'monthly', weekday: null, monthDay: 1, hour: null };
    // 95 days from 31 January: the candles end on 5 May.
    expect(times(hourly(jan31, 95), monthly)).toEqual([
      '2024-02-01T00:00',
      '2024-03-01T00:00',
      '2024-04-01T00:00',
      '2024-05-01T00:00',
    ]);
    expect(schedulePhrase(monthly)).toBe('on day 1 of every month at 00:00 UTC');
  });
});
