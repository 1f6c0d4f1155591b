import type { ChartCandle } from '../../lib/chart/candles';

/** What the chart shows now: its last candle's time (s) and when it was last fully loaded (ms). */
export interface ChartShown {
  lastTime: number | null;
  loadedAt: number | null;
}

export type ChartUpdate =
  | { kind: 'replace'; candles: ChartCandle[] }
  | { kind: 'update'; candles: ChartCandle[] }
  | { kind: 'none'; candles: [] };

/**
 * The chart data update: replace everything when the chart is empty or `refreshMinutes` have
 * passed since the last full load; when the last time differs, update the second-to-last and the
 * last candle (the previous one is finalised, the new one appended); else update the last only.
 * Pure: the caller applies the answer with setData / update and records what is shown.
 */
export function planChartUpdate(
  shown: ChartShown,
  candles: readonly ChartCandle[],
  now: number,
  refreshMinutes?: number,
): ChartUpdate {
  const last = candles[candles.length - 1];
  if (!last) return { kind: 'none', candles: [] };
  const stale =
    refreshMinutes !== undefined &&
    shown.loadedAt !== null &&
    now - shown.loadedAt >= refreshMinutes * 60_000;
  if (shown.lastTime === null || shown.loadedAt === null || stale)
    return { kind: 'replace', candles: [...candles] };
  // A window that moved back (another source, a reset) cannot be patched: lightweight-charts only
  // updates the last bar or appends after it.
  if (last.time < shown.lastTime) return { kind: 'replace', candles: [...candles] };
  if (last.time !== shown.lastTime) return { kind: 'update', candles: candles.slice(-2) };
  return { kind: 'update', candles: [last] };
}
