import { formatDateTime } from '../../lib/format-time';

/** One metric over time: `at` epoch ms, `value` percent (null: not measured). */
export interface HistorySeries {
  label: string;
  points: ReadonlyArray<{ at: number; value: number | null }>;
}

const WIDTH = 300;
const HEIGHT = 80;

/**
 * The polyline of `points` on a 0–100 % scale from `from` to `to` (epoch ms), as an SVG path. A
 * point more than `gapMs` after the one before starts a new segment, so a time the server was
 * down shows as a gap, not a straight line across it.
 */
export function historyPath(
  points: HistorySeries['points'],
  from: number,
  to: number,
  gapMs: number,
): string {
  const span = Math.max(1, to - from);
  let path = '';
  let previous: number | null = null;
  for (const { at, value } of points) {
    if (value === null) {
      previous = null;
      continue;
    }
    const x = (((at - from) / span) * WIDTH).toFixed(1);
    const y = (HEIGHT - (Math.min(100, Math.max(0, value)) / 100) * HEIGHT).toFixed(1);
    path += `${previous === null || at - previous > gapMs ? 'M' : 'L'}${x} ${y}`;
    previous = at;
  }
  return path;
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
          d={historyPath(series.points, from, to, 2 * bucketMs)}
          fill="none"
          className="stroke-primary"
          strokeWidth="1.5"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div className="flex justify-between text-xs text-neutral-600" aria-hidden="true">
        <span>{formatDateTime(from)}</span>
        <span>100 % top</span>
      </div>
    </figure>
  );
}
