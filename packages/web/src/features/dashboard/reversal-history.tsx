import { formatDateTime, formatDuration } from '../../lib/format-time';
import { type CrashPath, crashPath, lastEventOf, PATH_WIDTH, spanOf } from './reversal-paths';
import { useReversalHistory } from './use-dashboard-data';

/** The newest crash's colour first, then the earlier ones'. */
const COLOURS = ['stroke-teal-600', 'stroke-neutral-400'] as const;
const SWATCHES = ['bg-teal-600', 'bg-neutral-400'] as const;

/** 'Current crash' for the one in progress; of the finished ones the newest is the last crash. */
function crashLabel(id: string, crashes: readonly { id: string }[], activeId: string | null): string {
  if (id === activeId) return 'Current crash';
  const finished = crashes.filter((crash) => crash.id !== activeId);
  return finished[0]?.id === id ? 'Last crash' : 'Earlier crash';
}

function Chart({
  paths,
  span,
  requirement,
}: {
  paths: CrashPath[];
  span: number;
  requirement: number | null;
}) {
  const summary = paths
    .map((path, i) => `${i === 0 ? 'Newest' : 'Earlier'} crash: last ${path.last?.toFixed(2) ?? 'no'} points`)
    .join('; ');
  return (
    <div>
      <div className="flex gap-1">
        <div className="flex flex-col justify-between text-[10px] leading-none text-neutral-600 tabular-nums">
          <span>100</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-label={`Reversal points over time. ${summary}`}
          viewBox={`0 0 ${PATH_WIDTH} 100`}
          preserveAspectRatio="none"
          className="h-24 w-full rounded border border-neutral-200 bg-neutral-50"
        >
          {requirement !== null && (
            <line
              data-testid="requirement-line"
              x1={0}
              x2={PATH_WIDTH}
              y1={100 - requirement}
              y2={100 - requirement}
              className="stroke-neutral-800"
              strokeDasharray="4 3"
              vectorEffect="non-scaling-stroke"
            />
          )}
          {[...paths].reverse().map((path) => {
            const i = paths.indexOf(path);
            return (
              <g key={path.id} data-crash={path.id}>
                <polyline
                  points={path.points}
                  fill="none"
                  strokeWidth={i === 0 ? 2 : 1.5}
                  className={COLOURS[Math.min(i, 1)]}
                  vectorEffect="non-scaling-stroke"
                />
                {path.event && (
                  <circle cx={path.event.x} cy={path.event.y} r={2.5} className="fill-amber-500" />
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <div className="mt-0.5 flex justify-between pl-5 text-[10px] text-neutral-600">
        <span>start</span>
        <span>{formatDuration(span / 1000)}</span>
      </div>
    </div>
  );
}

/**
 * The points of the current crash and the last one over time (GET /market-state/reversal/records
 * and /event-history/:id), with the requirement as a dashed line while a crash is in progress.
 */
export function ReversalHistory({
  activeId,
  requirement,
}: {
  activeId: string | null;
  requirement: number | null;
}) {
  const { crashes, histories, loading, error } = useReversalHistory(activeId);
  if (error) return <p className="mt-3 text-xs text-neutral-600">The crash history could not be read.</p>;
  if (loading) return null;
  if (crashes.length === 0)
    return <p className="mt-3 text-xs text-neutral-600">No crash recorded yet: its points will show here.</p>;
  const span = spanOf(crashes);
  const paths = crashes.map((crash, i) => crashPath(crash, histories[i] ?? { id: [], total: [] }, span));
  const last = lastEventOf(crashes, histories);
  return (
    <figure className="mt-3">
      <p className="mb-2 text-sm" data-testid="last-reversal-event">
        {last === null
          ? 'No reversal event among the crashes shown.'
          : `Last reversal event: ${formatDateTime(last.time)}${
              last.points === null ? '' : `, ${last.points.toFixed(2)} points in that minute's reading`
            }.`}
      </p>
      <figcaption className="mb-1 text-xs font-medium text-neutral-600">Points over each crash</figcaption>
      <Chart paths={paths} span={span} requirement={requirement} />
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-[11px] text-neutral-700">
        {crashes.map((crash, i) => (
          <li key={crash.id} className="flex items-center gap-1">
            <span aria-hidden="true" className={`inline-block h-0.5 w-3 ${SWATCHES[Math.min(i, 1)]}`} />
            {crashLabel(crash.id, crashes, activeId)} from {formatDateTime(crash.start)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
