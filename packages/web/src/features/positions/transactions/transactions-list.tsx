import { formatBitcoin } from '../../../lib/locale-number';
import { MarketTime } from '../market-time';
import { OrderReasonText } from './order-reason';
import { statusView } from './transaction-status';
import type { TransactionRecord } from './types';

/** A position's transactions, each with the reason it was placed for; each opens its dialog. */
export function TransactionsList({
  transactions,
  onOpen,
}: {
  transactions: TransactionRecord[];
  onOpen: (tx: TransactionRecord) => void;
}) {
  if (transactions.length === 0) return <p className="text-sm text-neutral-600">No transactions.</p>;
  return (
    <ul className="divide-y divide-neutral-200 rounded-md border border-neutral-200">
      {transactions.map((tx) => {
        const view = statusView(tx.status);
        return (
          <li key={tx.id}>
            <button
              type="button"
              onClick={() => onOpen(tx)}
              className="flex w-full flex-wrap items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <span className={tx.side === 'BUY' ? 'font-medium text-increase' : 'font-medium text-decrease'}>
                {tx.side === 'BUY' ? 'Increase' : 'Decrease'} #{tx.id}
              </span>
              <span className="text-neutral-700">
                <MarketTime epochMs={tx.event_time} />
              </span>
              <span>{formatBitcoin(tx.amount)}</span>
              <span className="text-neutral-700">{view.label}</span>
              <span className="w-full text-neutral-700">
                <OrderReasonText reason={tx.reason} />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
