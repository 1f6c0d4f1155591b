/**
 * The one colour scale of the market states: teal shades for increases, red shades for
 * decreases, grey for sideways. Index 0 is the lightest, 2 the strongest. Text on a white card
 * uses the `text` colours (contrast ≥ 4.5:1); candles and badges use the scale.
 */
export type StateValue = -2 | -1 | 0 | 1 | 2;

export const INCREASE_COLORS = ['#5eead4', '#14b8a6', '#0f766e'] as const;
export const DECREASE_COLORS = ['#fca5a5', '#ef4444', '#b91c1c'] as const;
export const SIDEWAYS_COLOR = '#a3a3a3';

/** The wording of each state. */
export const STATE_LABELS: Readonly<Record<StateValue, string>> = {
  2: 'Increasing strongly',
  1: 'Increasing',
  0: 'Sideways',
  '-1': 'Decreasing',
  '-2': 'Decreasing strongly',
};

/** Candle colours for a window state. */
export function candleColors(state: number): { up: string; down: string } {
  if (state <= -2) return { up: DECREASE_COLORS[0], down: DECREASE_COLORS[2] };
  if (state >= 2) return { up: INCREASE_COLORS[2], down: INCREASE_COLORS[0] };
  return { up: INCREASE_COLORS[1], down: DECREASE_COLORS[1] };
}

/** Tailwind classes of a state badge; text colours keep ≥ 4.5:1 on their background. */
export function stateBadgeClass(state: number): string {
  if (state >= 2) return 'bg-teal-700 text-white';
  if (state === 1) return 'bg-teal-100 text-teal-900';
  if (state <= -2) return 'bg-red-700 text-white';
  if (state === -1) return 'bg-red-100 text-red-900';
  return 'bg-neutral-200 text-neutral-800';
}

/** The label of any state number (clamped to −2..2). */
export function stateLabel(state: number): string {
  const clamped = Math.max(-2, Math.min(2, Math.round(state))) as StateValue;
  return STATE_LABELS[clamped];
}
