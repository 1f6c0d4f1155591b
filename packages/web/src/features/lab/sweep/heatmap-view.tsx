import { settingLabel } from '@balancer/core';
import { useState } from 'react';
import { heatColour, heatmapGrid } from './heatmap-grid';
import { type FigureId, figureOf, figuresFor, type SweepPeriods, type SweepRow } from './sweep-rows';

const selectClasses = 'h-9 rounded-md border border-neutral-300 bg-white px-2 text-sm';
const show = (value: number | null) =>
  value === null ? 'not run' : value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The heatmap of two swept parameters (a CSS grid), a figure of one period, with its legend. */
export function HeatmapView({
  rows,
  parameters,
  periods,
}: {
  rows: readonly SweepRow[];
  parameters: readonly string[];
  periods: SweepPeriods;
}) {
  const FIGURES = figuresFor(periods);
  const [x, setX] = useState(parameters[0] ?? '');
  const [y, setY] = useState(parameters[1] ?? parameters[0] ?? '');
  const [figureId, setFigureId] = useState<FigureId>('returnDrawdown');
  const [period, setPeriod] = useState<'inSample' | 'outOfSample'>('inSample');
  const figure = FIGURES.find((candidate) => candidate.id === figureId) ?? FIGURES[0]!;
  const grid = heatmapGrid(
    rows.map((row) => ({ point: row.point, value: figureOf(row, period, figureId, periods) })),
    x,
    y,
    figure.higherIsBetter,
  );
  const picker = (label: string, value: string, set: (next: string) => void) => (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <select className={selectClasses} value={value} onChange={(event) => set(event.target.value)}>
        {parameters.map((id) => (
          <option key={id} value={id}>
            {settingLabel(id)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        {picker('Columns', x, setX)}
        {picker('Rows', y, setY)}
        <label className="flex flex-col gap-1 text-sm">
          Figure
          <select
            className={selectClasses}
            value={figureId}
            onChange={(e) => setFigureId(e.target.value as FigureId)}
          >
            {FIGURES.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Period
          <select
            className={selectClasses}
            value={period}
            onChange={(e) => setPeriod(e.target.value as typeof period)}
          >
            <option value="inSample">in-sample</option>
            <option value="outOfSample">out-of-sample</option>
          </select>
        </label>
      </div>
      <div className="overflow-x-auto">
        <table className="border-separate border-spacing-px text-xs">
          <caption className="sr-only">{`${figure.label} by ${settingLabel(x)} (columns) and ${settingLabel(y)} (rows)`}</caption>
          <thead>
            <tr>
              <th scope="col" className="p-1 text-left font-normal text-neutral-600">
                {settingLabel(y)} ↓ / {settingLabel(x)} →
              </th>
              {grid.xs.map((value) => (
                <th scope="col" key={value} className="min-w-14 p-1 text-center font-medium">
                  {value}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.ys.map((yValue) => (
              <tr key={yValue}>
                <th scope="row" className="p-1 text-left font-medium">
                  {yValue}
                </th>
                {grid.cells
                  .filter((cell) => cell.y === yValue)
                  .map((cell) => (
                    <td
                      key={cell.x}
                      title={`${x} ${cell.x}, ${y} ${cell.y}: ${figure.label} ${show(cell.value)}`}
                      className="p-1 text-center text-neutral-900"
                      style={{ background: cell.level === null ? '#f5f5f5' : heatColour(cell.level) }}
                    >
                      {show(cell.value)}
                    </td>
                  ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <span className="sr-only">Colour scale:</span>
        <span>worst {show(figure.higherIsBetter ? grid.min : grid.max)}</span>
        <span
          aria-hidden="true"
          className="h-3 w-40 rounded"
          style={{
            background: `linear-gradient(to right, ${heatColour(0)}, ${heatColour(0.5)}, ${heatColour(1)})`,
          }}
        />
        <span>best {show(figure.higherIsBetter ? grid.max : grid.min)}</span>
        <span className="text-neutral-600">(a pair's best row when other parameters vary)</span>
      </p>
    </div>
  );
}
