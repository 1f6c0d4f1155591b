import { describe, expect, it } from 'vitest';
import { historySegments, segmentsPath, seriesSummary } from './history-chart';

describe('history chart', () => {
  it('draws 0–100 % over the range, and breaks the line where samples are missing', () => {
    const points = [
      { at: 0, value: 0 },
      { at: 60, value: 50 },
      { at: 120, value: null }, // not measured: the line stops
      { at: 180, value: 100 },
      { at: 600, value: 100 }, // 420 after the one before, over the 120 gap: a new segment
    ];
    // x = at / 600 × 300; y = 77 − value % × 74 (3 units of room at each end).
    const segments = historySegments(points, 0, 600, 120);
    expect(segments).toEqual([
      [
        [0, 77],
        [30, 40],
      ],
      [[90, 3]],
      [[300, 3]],
    ]);
    // Single points are dots, not part of the path.
    expect(segmentsPath(segments)).toBe('M0 77L30 40');
  });

  it('sums a series up as its latest and highest value', () => {
    expect(
      seriesSummary([
        { at: 1, value: 3 },
        { at: 2, value: 9 },
        { at: 3, value: 4 },
        { at: 4, value: null },
      ]),
    ).toEqual({
      latest: 4,
      max: 9,
    });
    expect(seriesSummary([{ at: 1, value: null }])).toBeNull();
  });
});
