import { useCallback, useState } from 'react';
import { TransactionDialog } from './transaction-dialog';
import type { TransactionRecord } from './types';

/** Opens the transaction dialog for a record (shown at once, then polled) or an id. */
export function useTransactionDialog() {
  const [shown, setShown] = useState<{ id: number; initial?: TransactionRecord } | null>(null);
  const show = useCallback((target: TransactionRecord | number) => {
    setShown(typeof target === 'number' ? { id: target } : { id: target.id, initial: target });
  }, []);
  const element = (
    <TransactionDialog
      transactionId={shown?.id ?? null}
      {...(shown?.initial ? { initial: shown.initial } : {})}
      onClose={() => setShown(null)}
    />
  );
  return { show, element };
}
