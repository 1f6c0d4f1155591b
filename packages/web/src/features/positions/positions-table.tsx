import { describeOrderReason } from '@balancer/core';
import { PanelTopOpen } from 'lucide-react';
import { Link } from 'react-router';
import { useQuoteAsset } from '../../essentials';
import { cn } from '../../lib/cn';
import { gainClassName } from '../../lib/gain-class';
import { formatBitcoin, formatPercent, formatQuote } from '../../lib/locale-number';
import { MarketTime } from './market-time';
import { PositionStatusIcon } from './position-status-icon';
import { type Column, TableFrame } from './table-frame';
import type { PositionRecord } from './types';

const CELL = 'px-3 py-2';
/** Columns that small screens drop (the dialog shows them); PNL / ROI stays. */
const WIDE = 'hidden sm:table-cell';

const COLUMNS: Column[] = [
  { label: 'Position' },
  { label: 'Open time' },
  { label: 'Entry price', className: WIDE },
  { label: 'Amount', className: WIDE },
  { label: 'Gain', className: cn(WIDE, 'text-right') },
  { label: 'PNL / ROI', className: 'text-right' },
  { label: 'Last order', className: WIDE },
  { label: 'Details', srOnly: true },
];

/** The positions list: the id and status icon open the page, the last button the dialog. */
export function PositionsTable({
  positions,
  onDetails,
}: {
  positions: PositionRecord[];
  onDetails: (position: PositionRecord) => void;
}) {
  const quote = useQuoteAsset();
  return (
    <TableFrame caption="Positions, newest first" columns={COLUMNS} cellClassName={CELL}>
      {positions.map((position) => (
        <tr key={position.id}>
          <td className={CELL}>
            <Link
              to={`/app/position/${position.id}`}
              className="inline-flex items-center gap-2 font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            >
              <PositionStatusIcon position={position} /> #{position.id}
            </Link>
          </td>
          <td className={cn(CELL, 'whitespace-nowrap')}>
            <MarketTime epochMs={position.open} />
          </td>
          <td className={cn(CELL, WIDE)}>{formatQuote(position.entry_price, quote)}</td>
          <td className={cn(CELL, WIDE)}>{formatBitcoin(position.amount)}</td>
          <td className={cn(CELL, WIDE, 'text-right', gainClassName(position.gain))}>
            {formatPercent(position.gain)}
          </td>
          {/* PNL has the ROI's sign, so both take the ROI's colour. */}
          <td className={cn(CELL, 'text-right whitespace-nowrap', gainClassName(position.roi))}>
            <span className="block">{formatQuote(position.pnl, quote)}</span>
            <span className="block text-xs">{formatPercent(position.roi)}</span>
          </td>
          <td className={cn(CELL, WIDE, 'text-sm text-neutral-700')}>
            {position.last_order_reason === undefined ? '—' : describeOrderReason(position.last_order_reason)}
          </td>
          <td className={cn(CELL, 'text-right')}>
            <button
              type="button"
              onClick={() => onDetails(position)}
              aria-label={`Details of position ${position.id}`}
              className="rounded p-1 text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <PanelTopOpen aria-hidden="true" className="h-4 w-4" />
            </button>
          </td>
        </tr>
      ))}
    </TableFrame>
  );
}
