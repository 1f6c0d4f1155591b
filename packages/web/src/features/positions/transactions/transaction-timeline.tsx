import { CircleCheck, CircleX } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { MarketTime } from '../market-time';
import { logActionLabel, outcomeClassName } from './transaction-status';
import type { TransactionLog } from './types';

/** The transaction's logs in order, each with its outcome colour, error and payload. */
export function TransactionTimeline({ logs }: { logs: TransactionLog[] }) {
  if (logs.length === 0) return <p className="text-sm text-neutral-600">No logs yet.</p>;
  return (
    <ol aria-label="Transaction logs" className="relative ml-3 border-l border-neutral-200">
      {logs.map((log, index) => {
        const Icon = log.outcome ? CircleCheck : CircleX;
        return (
          // Logs are append-only, so the index is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
          <li key={index} className="mb-4 ml-5 last:mb-0">
            <Icon
              aria-hidden="true"
              className={cn('absolute -left-2.5 h-5 w-5 bg-white', outcomeClassName(log.outcome))}
            />
            <p className={cn('text-sm font-semibold', outcomeClassName(log.outcome))}>
              {logActionLabel(log.action)}
              <span className="sr-only">{log.outcome ? ' (succeeded)' : ' (failed)'}</span>
            </p>
            <p className="text-xs text-neutral-600">
              <MarketTime epochMs={log.eventTime} />
            </p>
            {log.error && <p className="mt-1 text-sm break-words text-decrease">{log.error}</p>}
            {log.payload !== undefined && (
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-neutral-700">Payload</summary>
                <pre className="mt-1 max-h-48 overflow-auto rounded bg-neutral-100 p-2 text-xs">
                  {JSON.stringify(log.payload, null, 2)}
                </pre>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
