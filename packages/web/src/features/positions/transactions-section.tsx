import { LoadError, Loading } from './page-states';
import { usePositionTransactions } from './positions-api';
import { TransactionsList } from './transactions/transactions-list';
import { useTransactionDialog } from './transactions/use-transaction-dialog';

/** The position's transactions; each opens the transaction dialog. */
export function TransactionsSection({ positionId }: { positionId: number }) {
  const transactions = usePositionTransactions(positionId);
  const dialog = useTransactionDialog();
  return (
    <section aria-labelledby="transactions-title" className="flex flex-col gap-3">
      <h2 id="transactions-title" className="text-lg font-semibold">
        Transactions
      </h2>
      {transactions.isPending && <Loading label="Loading transactions…" />}
      {transactions.isError && (
        <LoadError error={transactions.error} onReload={() => void transactions.refetch()} />
      )}
      {transactions.data && <TransactionsList transactions={transactions.data} onOpen={dialog.show} />}
      {dialog.element}
    </section>
  );
}
