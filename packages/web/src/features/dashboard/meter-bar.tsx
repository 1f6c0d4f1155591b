/**
 * A 0–100 figure as a bar: a native <meter> for assistive technology (visually hidden) and a
 * drawn bar for the eye, `fill` over `track`.
 */
export function MeterBar({
  label,
  value,
  fill,
  track,
}: {
  label: string;
  value: number;
  fill: string;
  track: string;
}) {
  const width = Math.max(0, Math.min(100, value));
  return (
    <>
      <meter className="sr-only" aria-label={label} min={0} max={100} value={value} />
      <div aria-hidden="true" className={`mt-2 h-3 overflow-hidden rounded ${track}`}>
        <div className={`h-full ${fill}`} style={{ width: `${width}%` }} />
      </div>
    </>
  );
}
