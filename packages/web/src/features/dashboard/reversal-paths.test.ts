import { describe, expect, it } from 'vitest';
import { crashPath, lastEventOf, spanOf } from './reversal-paths';

const MINUTE = 60_000;
const crash = (id: string, start: number, minutes: number, event: number | null = null) => ({
  id,
  start,
  end: start + minutes * MINUTE,
  reversal_event_time: event,
});

describe('reversal paths', () => {
  it('puts the crashes on one axis as long as the longest shown', () => {
    expect(spanOf([crash('a', 0, 360), crash('b', 10 * MINUTE, 120)])).toBe(360 * MINUTE);
    expect(spanOf([])).toBe(MINUTE);
  });

  it('draws total points over the minutes since the crash started, 100 at the top', () => {
    const start = 1_000 * MINUTE;
    const path = crashPath(
      crash('a', start, 100, start + 50 * MINUTE + 5_000),
      { id: [start + 25 * MINUTE, start + 50 * MINUTE, start + 51 * MINUTE], total: [20, 77.5, 80] },
      100 * MINUTE,
    );
    // x = minutes / 100 × 300; y = 100 − points
    expect(path.points).toBe('75,80 150,22.5 153,20');
    // The event at 50 min 5 s is drawn on the first point at or after it (51 min).
    expect(path.event).toEqual({ x: 153, y: 20 });
    expect(path.last).toBe(80);
  });

  it('leaves out points outside the crash and keeps totals within 0–100', () => {
    const path = crashPath(
      crash('a', 0, 10),
      { id: [-MINUTE, 0, 5 * MINUTE, 11 * MINUTE], total: [50, 120, -1, 40] },
      10 * MINUTE,
    );
    expect(path.points).toBe('0,0 150,100');
    expect(path.event).toBeNull();
  });

  it('has nothing to draw before the first point', () => {
    expect(crashPath(crash('a', 0, 10), { id: [], total: [] }, 10 * MINUTE)).toMatchObject({
      points: '',
      last: null,
    });
  });

  it('finds the newest crash that fired, with the points of the minute it fired in', () => {
    const start = 1_000 * MINUTE;
    const crashes = [
      crash('new', start + 600 * MINUTE, 60),
      crash('old', start, 360, start + 5 * MINUTE + 30_000),
    ];
    const histories = [
      { id: [start + 600 * MINUTE], total: [20] },
      { id: [start + 4 * MINUTE, start + 5 * MINUTE, start + 6 * MINUTE], total: [70, 79.5, 60] },
    ];
    expect(lastEventOf(crashes, histories)).toEqual({ time: start + 5 * MINUTE + 30_000, points: 79.5 });
    expect(lastEventOf([crash('calm', start, 60)], [{ id: [], total: [] }])).toBeNull();
    // Its points not read yet: the time alone.
    expect(lastEventOf([crash('x', start, 60, start)], [undefined])).toEqual({ time: start, points: null });
  });
});
