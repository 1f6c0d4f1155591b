/**
 * The reversal points history as drawable paths (docs/web.md, Dashboard): each crash a polyline
 * of its total points (0–100) over the minutes since its start, all on one time axis as long as
 * the longest crash shown, so the current crash is read against the last ones.
 */

/** A crash record as GET /market-state/reversal/records gives it (the fields drawn here). */
export interface CrashView {
  id: string;
  start: number;
  end: number;
  reversal_event_time: number | null;
}

/** A crash's points as GET /market-state/reversal/event-history/:id gives them (times in `id`). */
export interface ReversalHistoryView {
  id: number[];
  total: number[];
}

export interface CrashPath {
  id: string;
  start: number;
  /** SVG points "x,y …" in a 0–WIDTH × 0–100 box, y down (100 points at the top). */
  points: string;
  /** Where the event fired, in the same box, or null. */
  event: { x: number; y: number } | null;
  /** The last total drawn, or null when the crash has no points yet. */
  last: number | null;
}

export const PATH_WIDTH = 300;

const clampPoints = (total: number) => Math.max(0, Math.min(100, total));

/** The time axis: the longest crash shown (at least one minute), in ms. */
export function spanOf(crashes: readonly CrashView[]): number {
  return Math.max(60_000, ...crashes.map((crash) => crash.end - crash.start));
}

/** One crash's path; points outside the crash's span are left out. */
export function crashPath(crash: CrashView, history: ReversalHistoryView, span: number): CrashPath {
  const x = (time: number) => Math.round(((time - crash.start) / span) * PATH_WIDTH * 100) / 100;
  const y = (total: number) => 100 - clampPoints(total);
  const pairs: string[] = [];
  let event: CrashPath['event'] = null;
  let last: number | null = null;
  history.id.forEach((time, i) => {
    const total = history.total[i];
    if (total === undefined || time < crash.start || time - crash.start > span) return;
    pairs.push(`${x(time)},${y(total)}`);
    last = total;
    // The point of the minute in which the event fired (points are kept one per minute).
    if (event === null && crash.reversal_event_time !== null && time >= crash.reversal_event_time)
      event = { x: x(time), y: y(total) };
  });
  return { id: crash.id, start: crash.start, points: pairs.join(' '), event, last };
}

/**
 * The newest crash's reversal event: when it fired and the points of the minute it fired in (the
 * history keeps one reading a minute), or null when none of the crashes shown has fired.
 */
export function lastEventOf(
  crashes: readonly CrashView[],
  histories: readonly (ReversalHistoryView | undefined)[],
): { time: number; points: number | null } | null {
  const at = crashes.findIndex((crash) => crash.reversal_event_time !== null);
  if (at === -1) return null;
  const time = crashes[at]!.reversal_event_time!;
  const history = histories[at];
  const minute = time - (time % 60_000);
  const index = history ? history.id.findIndex((t) => t >= minute) : -1;
  return { time, points: index === -1 ? null : (history!.total[index] ?? null) };
}
