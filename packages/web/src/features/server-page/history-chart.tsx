import { formatDateTime } from '../../lib/format-time';

/** One metric over time: `at` epoch ms, `value` percent (null: not measured). */
export interface HistorySeries {
  label: string;
  points: ReadonlyArray<{ at: number; value: number | null }>;
}

const WIDTH = 300;
const HEIGHT = 80;
/** Room above 100 % and below 0 %, so a line at either end is not cut in half by the frame. */
const PAD = 3;

type Point = readonly [x: number, y: number];

/**
 * The lines of `points` on a 0–100 % scale from `from` to `to` (epoch ms), in SVG units. A point
 * more than `gapMs` after the one before starts a new line, so a time the server was down shows
 * as a gap, not a straight line across it; a missing value ends the line too.
 */
export function historySegments(
  points: HistorySeries['points'],
  from: number,
  to: number,
  gapMs: number,
): Point[][] {
  const span = Math.max(1, to - from);
  const segments: Point[][] = [];
  let previous: number | null = null;
  for (const { at, value } of points) {
    if (value === null) {
      previous = null;
      continue;
    }
    const x = Math.round(((at - from) / span) * WIDTH * 10) / 10;
    const y =
      Math.round((HEIGHT - PAD - (Math.min(100, Math.max(0, value)) / 100) * (HEIGHT - 2 * PAD)) * 10) / 10;
    if (previous === null || at - previous > gapMs) segments.push([]);
    segments.at(-1)?.push([x, y]);
    previous = at;
  }
  return segments;
}

/** One SVG path of the segments with more than one point (single points are drawn as dots). */
export function segmentsPath(segments: readonly Point[][]): string {
  return segments
    .filter((segment) => segment.length > 1)
    .map((segment) => segment.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x} ${y}`).join(''))
    .join('');
}

/** Latest and highest value of a series, for the caption (null when nothing was measured). */
export function seriesSummary(points: HistorySeries['points']): { latest: number; max: number } | null {
  const values = points.flatMap((point) => (point.value === null ? [] : [point.value]));
  const latest = values.at(-1);
  if (latest === undefined) return null;
  return { latest, max: Math.max(...values) };
}

/** A small line chart of one percentage (0–100 %) with its latest and highest value in words. */
export function HistoryChart({
  series,
  from,
  to,
  bucketMs,
}: {
  series: HistorySeries;
  from: number;
  to: number;
  bucketMs: number;
}) {
  const summary = seriesSummary(series.points);
  const segments = historySegments(series.points, from, to, 2 * bucketMs);
  const caption = summary
    ? `${series.label}: now ${summary.latest} %, highest ${summary.max} %`
    : `${series.label}: no samples yet`;
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <figcaption className="text-sm">
        <span className="font-medium">{series.label}</span>{' '}
        <span className="text-neutral-700">
          {summary ? `now ${summary.latest} % · highest ${summary.max} %` : 'no samples yet'}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${caption}, from ${formatDateTime(from)} to ${formatDateTime(to)}`}
        className="h-20 w-full rounded border border-neutral-200 bg-neutral-50"
      >
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT / 2}
          y2={HEIGHT / 2}
          className="stroke-neutral-200"
          strokeDasharray="4 4"
        />
        <path
          d={segmentsPath(segments)}
          fill="none"
          className="stroke-primary"
          strokeWidth="1.5"
          vectorEffect="non-scaling-stroke"
        />
        {segments
          .filter((segment) => segment.length === 1)
          .map(([[x, y] = [0, 0]]) => (
            <rect key={`${x}-${y}`} x={x - 1.5} y={y - 1.5} width="3" height="3" className="fill-primary" />
          ))}
      </svg>
      <div className="flex justify-between text-xs text-neutral-600" aria-hidden="true">
        <span>{formatDateTime(from)}</span>
        <span>0–100 % · now</span>
      </div>
    </figure>
  );
}
