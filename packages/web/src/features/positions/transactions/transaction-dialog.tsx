import { CircleCheck, CircleX } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatBitcoin } from '../../../lib/locale-number';
import { MarketTime } from '../market-time';
import { OrderReasonText } from './order-reason';
import { type StatusView, statusView, transactionTitle } from './transaction-status';
import { TransactionTimeline } from './transaction-timeline';
import { useTransaction } from './transactions-api';
import type { TransactionRecord } from './types';

export interface TransactionDialogProps {
  /** The transaction to show; null keeps the dialog closed. */
  transactionId: number | null;
  /** What the caller already holds (a list row, a POST's answer): shown before the first read. */
  initial?: TransactionRecord;
  onClose: () => void;
}

const TONE_CLASSES: Record<StatusView['tone'], string> = {
  pending: 'border-neutral-300 bg-neutral-50 text-neutral-800',
  success: 'border-teal-200 bg-teal-50 text-increase',
  failure: 'border-red-200 bg-red-50 text-decrease',
};

function StatusBadge({ status }: { status: string }) {
  const view = statusView(status);
  const Icon = view.tone === 'success' ? CircleCheck : CircleX;
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium',
        TONE_CLASSES[view.tone],
      )}
    >
      {view.processing ? <Spinner /> : <Icon aria-hidden="true" className="h-4 w-4" />}
      {view.label}
    </p>
  );
}

/** 'Increase/Decrease Transaction' with id, event time, amount, status and log timeline. */
export function TransactionDialog({ transactionId, initial, onClose }: TransactionDialogProps) {
  const query = useTransaction(transactionId, initial);
  const tx = query.data;
  return (
    <Dialog
      open={transactionId !== null}
      onClose={onClose}
      title={tx ? transactionTitle(tx.side) : 'Transaction'}
      size="md"
    >
      {query.isError && !tx && <p className="text-sm text-decrease">{errorMessageOf(query.error)}</p>}
      {!tx && !query.isError && (
        <p className="flex items-center gap-2 text-sm">
          <Spinner /> Loading…
        </p>
      )}
      {tx && (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-neutral-600">ID</dt>
            <dd className="font-mono">{tx.id}</dd>
            <dt className="text-neutral-600">Event time</dt>
            <dd>
              <MarketTime epochMs={tx.event_time} />
            </dd>
            <dt className="text-neutral-600">Amount</dt>
            <dd>{formatBitcoin(tx.amount)}</dd>
            <dt className="text-neutral-600">Reason</dt>
            <dd>
              <OrderReasonText reason={tx.reason} detailed />
            </dd>
          </dl>
          <StatusBadge status={tx.status} />
          <section aria-labelledby="transaction-logs-title">
            <h3 id="transaction-logs-title" className="mb-2 text-sm font-semibold">
              Logs
            </h3>
            <TransactionTimeline logs={tx.logs} />
          </section>
        </div>
      )}
    </Dialog>
  );
}
