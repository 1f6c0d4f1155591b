import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../auth/auth-context';
import { TRANSACTION_POLL_MS, transactionPollDelay } from '../../../lib/background-schedule';
import { statusView } from './transaction-status';
import type { TransactionRecord } from './types';

/** A PROCESSING transaction is read again every 2 s until it is final (slower after 2 minutes). */
export { TRANSACTION_POLL_MS };

export const transactionKey = (id: number) => ['transactions', 'one', id] as const;

/**
 * One transaction (GET position/transaction/:id, authority 2), polled every 2 s while it is
 * processing. `initial` (e.g. what a POST answered) shows at once and is refreshed after.
 */
export function useTransaction(id: number | null, initial?: TransactionRecord) {
  const { client } = useAuth();
  return useQuery({
    queryKey: transactionKey(id ?? 0),
    enabled: id !== null,
    queryFn: () => client.request<TransactionRecord>({ path: `position/transaction/${id}`, auth: true }),
    ...(initial && initial.id === id ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
    refetchInterval: (query) =>
      query.state.data && !statusView(query.state.data.status).processing
        ? false
        : transactionPollDelay(query.state.dataUpdateCount),
  });
}
