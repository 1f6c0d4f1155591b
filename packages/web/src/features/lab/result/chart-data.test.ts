import { describe, expect, it } from 'vitest';
import { compareDrawdownLines, compareEquityLines } from '../compare/compare-lines';
import { labReport, START } from '../test-report';
import { tradesByPosition } from './position-trades';
import { fillMarkers, levelLines, reportCandles } from './price-data';
import { drawdownPercents, outcomeLines, resampled } from './series';

const S = START / 1000;
const BUCKET = 6 * 3600;

describe('chart data', () => {
  it('turns the series into candles and the fills into markers on their bucket', () => {
    const report = labReport();
    expect(reportCandles(report)[1]).toEqual({
      time: S + BUCKET,
      open: 100000,
      high: 101000,
      low: 99000,
      close: 100500,
    });
    expect(fillMarkers(report).map((marker) => [marker.time, marker.text])).toEqual([
      [S, 'Buy'],
      [S + 2 * BUCKET, 'Sell'],
      [S + 4 * BUCKET, 'Buy'],
    ]);
  });

  it('draws each level from open to close with a gap after it, times strictly ascending', () => {
    const [entry, level1] = levelLines(labReport());
    expect(entry).toEqual([
      { time: S, value: 100000 },
      { time: S + 2 * BUCKET, value: 100000 },
      { time: S + 3 * BUCKET },
      { time: S + 4 * BUCKET, value: 99000 },
      { time: S + 7 * BUCKET, value: 99000 },
      { time: S + 8 * BUCKET },
    ]);
    expect(level1?.[0]).toEqual({ time: S, value: 103000 });
    expect(levelLines(labReport())).toHaveLength(6);
  });

  it('lets a value win over a gap at the same time (a position opening right after one closed)', () => {
    const report = labReport();
    const [first, second] = report.strategy.positions;
    const next = { ...second!, open: first!.close! + 6 * 3_600_000 };
    const [entry] = levelLines({ ...report, strategy: { ...report.strategy, positions: [first!, next] } });
    const times = entry!.map((point) => point.time);
    expect(new Set(times).size).toBe(times.length);
    expect(entry!.find((point) => point.time === S + 3 * BUCKET)).toEqual({
      time: S + 3 * BUCKET,
      value: 99000,
    });
  });

  it('puts points on a coarser grid, the last value of each bucket at its start', () => {
    const points = [0, 1800, 3600, 5400, 9000].map((time, i) => ({ time: S + time, value: i }));
    expect(resampled(points, 3600)).toEqual([
      { time: S, value: 1 },
      { time: S + 3600, value: 3 },
      { time: S + 7200, value: 4 },
    ]);
  });

  it('computes drawdowns from the running peak', () => {
    expect(drawdownPercents([100, 110, 99, 121, 60.5])).toEqual([0, 0, -10, 0, -50]);
    expect(drawdownPercents([])).toEqual([]);
  });

  it("gives one line per outcome, and on Compare one per result's strategy", () => {
    const report = labReport();
    expect(outcomeLines(report).map((line) => line.label)).toEqual(['Strategy', 'DCA']);
    expect(outcomeLines(report)[1]?.points[2]).toEqual({ time: S + 2 * BUCKET, value: 10050 });
    const results = [
      { id: 4, report },
      { id: 9, report },
    ];
    expect(compareEquityLines(results).map((line) => line.label)).toEqual(['#4 Strategy', '#9 Strategy']);
    expect(compareDrawdownLines(results)[0]?.points[2]?.value).toBe(-1.98);
  });

  it("groups the strategy's fills under the position open at their time", () => {
    const report = labReport();
    expect(
      tradesByPosition(report.strategy.positions, report.strategy.trades).map((fills) =>
        fills.map((f) => f.id),
      ),
    ).toEqual([['s1', 's2'], ['s3']]);
  });
});

describe('Compare over different periods', () => {
  it('aligns the lines at their starts, and keeps calendar time when the periods are the same', () => {
    const report = labReport();
    const later = labReport({
      data: { ...report.data, start: '2025-03-01T00:00:00.000Z', end: '2025-03-03T00:00:00.000Z' },
      series: { ...report.series, time: report.series.time.map((ms) => ms + 59 * 86_400_000) },
    });
    const [first, second] = compareEquityLines([
      { id: 1, report },
      { id: 2, report: later },
    ]);
    expect(second?.points.map((point) => point.time)).toEqual(first?.points.map((point) => point.time));
    const same = compareEquityLines([
      { id: 2, report: later },
      { id: 3, report: later },
    ]);
    expect(same[0]?.points[0]?.time).toBe(S + 59 * 86_400);
    // A result on 2-hour buckets next to one on 6-hour buckets: both on 6 hours, last values.
    const fine = labReport({
      series: {
        ...report.series,
        bucketMs: 7_200_000,
        time: report.series.time.map((ms) => ms / 3 + (START * 2) / 3),
        equity: { strategy: [1, 2, 3, 4, 5, 6, 7, 8] },
      },
    });
    const [, coarse] = compareEquityLines([
      { id: 1, report },
      { id: 2, report: fine },
    ]);
    expect(coarse?.points).toEqual([
      { time: S, value: 3 },
      { time: S + BUCKET, value: 6 },
      { time: S + 2 * BUCKET, value: 8 },
    ]);
  });
});
