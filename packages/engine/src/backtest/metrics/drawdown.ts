/**
 * Running maximum drawdown: the largest fall from a running peak, in % of that peak.
 * Kept as two numbers so the backtest loop can update it per candle without allocating.
 */
export interface DrawdownState {
  peak: number;
  /** % (0–100) */
  max: number;
}

export function emptyDrawdown(): DrawdownState {
  return { peak: 0, max: 0 };
}

/** Folds one equity value into the state (values ≤ 0 before any peak count as no drawdown). */
export function pushDrawdown(state: DrawdownState, value: number): void {
  if (value > state.peak) {
    state.peak = value;
    return;
  }
  if (state.peak > 0) {
    const drawdown = ((state.peak - value) / state.peak) * 100;
    if (drawdown > state.max) state.max = drawdown;
  }
}

/** Maximum drawdown of a series, % of the running peak (0 for a series that never falls). */
export function maxDrawdownPercent(values: ArrayLike<number>): number {
  const state = emptyDrawdown();
  for (let i = 0; i < values.length; i++) pushDrawdown(state, values[i]!);
  return state.max;
}

/** The drawdown at each point, % below the running peak (for the report's drawdown chart). */
export function drawdownSeries(values: ArrayLike<number>): number[] {
  const out: number[] = [];
  let peak = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value > peak) peak = value;
    out.push(peak > 0 ? ((peak - value) / peak) * 100 : 0);
  }
  return out;
}
