import type { ProfitPeriod, ProfitRow } from '@balancer/core';
import { periodLabel, quote } from './profit-format';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = 24;

/**
 * Realised profit per period as bars above (profit) or below (loss) the zero line, an SVG that
 * takes the theme's colours (currentColor and the increase/decrease tokens).
 */
export function ProfitChart({
  rows,
  period,
  asset,
}: {
  rows: ProfitRow[];
  period: ProfitPeriod;
  asset: string;
}) {
  const values = rows.map((row) => Number(row.realisedPnl));
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const zero = PAD + ((top - 0) / span) * (HEIGHT - 2 * PAD);
  const step = (WIDTH - 2 * PAD) / Math.max(1, rows.length);
  const bar = Math.max(1, step * 0.7);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Realised profit by ${period}, ${asset}`}
      className="h-48 w-full text-neutral-700"
    >
      <line x1={PAD} x2={WIDTH - PAD} y1={zero} y2={zero} stroke="currentColor" strokeWidth="1" />
      {rows.map((row, index) => {
        const value = values[index]!;
        const y = PAD + ((top - Math.max(value, 0)) / span) * (HEIGHT - 2 * PAD);
        const height = Math.max(value === 0 ? 0 : 1, (Math.abs(value) / span) * (HEIGHT - 2 * PAD));
        return (
          <rect
            key={row.start}
            x={PAD + index * step + (step - bar) / 2}
            y={y}
            width={bar}
            height={height}
            className={value < 0 ? 'fill-decrease' : 'fill-increase'}
          >
            <title>{`${periodLabel(row.start, period)}: ${quote(row.realisedPnl, asset)}`}</title>
          </rect>
        );
      })}
      <text x={PAD} y={14} className="fill-current text-[11px]">
        {quote(String(top), asset)}
      </text>
      <text x={PAD} y={HEIGHT - 6} className="fill-current text-[11px]">
        {quote(String(bottom), asset)}
      </text>
    </svg>
  );
}
