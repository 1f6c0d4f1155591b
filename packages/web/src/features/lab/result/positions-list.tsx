import { describeOrderReason } from '@balancer/core';
import { formatDateTime } from '../../../lib/format-time';
import { formatDecimal } from '../../../lib/locale-number';
import type { LabFill, LabPosition } from '../report';
import { tradesByPosition } from './position-trades';

const money = (text: string) => formatDecimal(text, { decimalPlaces: 2 });

/** The strategy's positions, newest last, each opening onto its fills. */
export function PositionsList({ positions, fills }: { positions: LabPosition[]; fills: LabFill[] }) {
  if (positions.length === 0) return <p className="text-sm text-neutral-700">No position was opened.</p>;
  const trades = tradesByPosition(positions, fills);
  return (
    <ol aria-label="Positions" className="flex flex-col gap-2">
      {positions.map((position, i) => (
        <li key={position.open} className="rounded-md border border-neutral-200">
          <details>
            <summary className="flex cursor-pointer flex-wrap gap-x-4 gap-y-1 px-3 py-2 text-sm">
              <span className="font-medium">#{i + 1}</span>
              <span>
                {formatDateTime(position.open)} →{' '}
                {position.close === null ? 'open' : formatDateTime(position.close)}
              </span>
              <span>entry {money(position.entryPrice)}</span>
              <span>PnL {money(position.pnl)}</span>
              <span>ROI {position.roi.toFixed(2)} %</span>
              <span>{position.trades} trades</span>
            </summary>
            <div className="overflow-x-auto border-t border-neutral-100 px-3 py-2">
              <p className="mb-1 text-xs text-neutral-600">
                Decrease levels: {position.decreasePriceLevels.map(money).join(' · ')}
              </p>
              <FillsTable fills={trades[i]!} />
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}

function FillsTable({ fills }: { fills: LabFill[] }) {
  return (
    <table className="w-full min-w-max text-xs">
      <thead>
        <tr className="text-left text-neutral-600">
          <th className="py-1 pr-2 font-medium">Time</th>
          <th className="px-2 py-1 font-medium">Side</th>
          <th className="px-2 py-1 text-right font-medium">Price</th>
          <th className="px-2 py-1 text-right font-medium">BTC</th>
          <th className="px-2 py-1 text-right font-medium">Quote</th>
          <th className="px-2 py-1 text-right font-medium">Fee</th>
          <th className="px-2 py-1 text-right font-medium">Level</th>
          <th className="px-2 py-1 font-medium">Why</th>
        </tr>
      </thead>
      <tbody>
        {fills.map((fill) => (
          <tr key={fill.id} className="border-t border-neutral-100">
            <td className="py-1 pr-2">{formatDateTime(fill.timeMs)}</td>
            <td className={fill.side === 'BUY' ? 'px-2 py-1 text-increase' : 'px-2 py-1 text-decrease'}>
              {fill.side === 'BUY' ? 'Buy' : 'Sell'}
            </td>
            <td className="px-2 py-1 text-right tabular-nums">{money(fill.price)}</td>
            <td className="px-2 py-1 text-right tabular-nums">{fill.amount}</td>
            <td className="px-2 py-1 text-right tabular-nums">{money(fill.quoteAmount)}</td>
            <td className="px-2 py-1 text-right tabular-nums">{fill.commission}</td>
            <td className="px-2 py-1 text-right tabular-nums">{fill.level ?? ''}</td>
            <td className="px-2 py-1">{describeOrderReason(fill.reason ?? null)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
