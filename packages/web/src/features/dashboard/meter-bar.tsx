/** A mark on the bar: a 0–100 position with its short label (e.g. a requirement). */
export interface MeterMark {
  value: number;
  label: string;
}

/**
 * A 0–100 figure as a bar: a native <meter> for assistive technology (visually hidden) and a
 * drawn bar for the eye, `fill` over `track`, with an optional `mark` (a line and its label).
 */
export function MeterBar({
  label,
  value,
  fill,
  track,
  mark,
}: {
  label: string;
  value: number;
  fill: string;
  track: string;
  mark?: MeterMark;
}) {
  const width = Math.max(0, Math.min(100, value));
  const at = mark ? Math.max(0, Math.min(100, mark.value)) : 0;
  return (
    <>
      <meter
        className="sr-only"
        aria-label={label}
        min={0}
        max={100}
        value={value}
        high={mark?.value}
        optimum={mark ? 100 : undefined}
      />
      <div aria-hidden="true" className={mark ? 'relative mt-2 pb-4' : 'mt-2'}>
        <div className={`h-3 overflow-hidden rounded ${track}`}>
          <div className={`h-full ${fill}`} style={{ width: `${width}%` }} />
        </div>
        {mark && (
          <div
            data-testid="meter-mark"
            className="absolute top-[-2px] flex -translate-x-1/2 flex-col items-center"
            style={{ left: `${at}%` }}
          >
            <span className="h-4 w-0.5 bg-neutral-900" />
            <span className="text-[10px] leading-none font-medium text-neutral-800 tabular-nums">
              {mark.label}
            </span>
          </div>
        )}
      </div>
    </>
  );
}
