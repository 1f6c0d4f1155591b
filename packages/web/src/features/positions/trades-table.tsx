import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEssentialsSelector } from '../../essentials';
import { cn } from '../../lib/cn';
import { formatBitcoin, formatDecimal, formatQuote } from '../../lib/locale-number';
import { commissionAssetName } from './format';
import { MarketTime } from './market-time';
import { type Column, TableFrame } from './table-frame';
import type { TradeRecord } from './types';

const CELL = 'px-3 py-2 whitespace-nowrap';
const ICON_BUTTON =
  'rounded p-1 text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50';

const COLUMNS: Column[] = [
  ...['Time', 'Side', 'Price', 'Amount', 'Quote amount', 'Commission', 'Source'].map((label) => ({ label })),
  { label: 'Actions', srOnly: true },
];

/** An icon button of a row, named by `label`. */
function RowAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={ICON_BUTTON} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}

export interface TradesTableProps {
  trades: TradeRecord[];
  /** Edit and delete are offered for manual trades when set (active position, authority 4). */
  onEdit?: ((trade: TradeRecord) => void) | undefined;
  onDelete?: ((trade: TradeRecord) => void) | undefined;
}

/** The position's trades, oldest first; exchange trades are read-only. */
export function TradesTable({ trades, onEdit, onDelete }: TradesTableProps) {
  const baseAsset = useEssentialsSelector((essentials) => essentials?.exchangeConfig.baseAsset) ?? 'BTC';
  const quoteAsset = useEssentialsSelector((essentials) => essentials?.exchangeConfig.quoteAsset) ?? 'USD';
  if (trades.length === 0) return <p className="text-sm text-neutral-600">No trades.</p>;
  return (
    <TableFrame caption="Trades, oldest first" columns={COLUMNS} cellClassName={CELL}>
      {trades.map((trade) => {
        const editable = trade.source === 'manual';
        return (
          <tr key={trade.id}>
            <td className={CELL}>
              <MarketTime epochMs={trade.time} />
            </td>
            <td className={cn(CELL, trade.side === 'BUY' ? 'text-increase' : 'text-decrease')}>
              {trade.side === 'BUY' ? 'Buy' : 'Sell'}
            </td>
            <td className={CELL}>{formatQuote(trade.price, quoteAsset)}</td>
            <td className={CELL}>{formatBitcoin(trade.amount)}</td>
            <td className={CELL}>{formatQuote(trade.quote_amount, quoteAsset)}</td>
            <td className={CELL}>
              {formatDecimal(trade.commission, { decimalPlaces: 8 })}{' '}
              {commissionAssetName(trade.commission_asset, { baseAsset, quoteAsset })}
            </td>
            <td className={CELL}>{trade.source === 'manual' ? 'Manual' : 'Exchange'}</td>
            <td className={cn(CELL, 'text-right')}>
              {editable && onEdit && (
                <RowAction label={`Edit trade ${trade.id}`} onClick={() => onEdit(trade)}>
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                </RowAction>
              )}
              {editable && onDelete && (
                <RowAction label={`Delete trade ${trade.id}`} onClick={() => onDelete(trade)}>
                  <Trash2 aria-hidden="true" className="h-4 w-4 text-decrease" />
                </RowAction>
              )}
            </td>
          </tr>
        );
      })}
    </TableFrame>
  );
}
