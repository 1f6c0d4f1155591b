import { useAuth } from '../../../auth/auth-context';
import { LoadMore } from '../../../components/ui/load-more';
import { useIdPages } from '../../../lib/api/use-id-pages';
import { LoadError, Loading } from '../page-states';
import { ExportButton } from '../records/export-button';
import { DateRangeFields, FilterSelect } from '../records/filter-fields';
import { RecordsNav } from '../records/records-nav';
import { apiQuery, rangeProblem, readTransactionFilters } from '../records/url-filters';
import { useUrlFilters } from '../records/use-url-filters';
import { TransactionsList } from './transactions-list';
import type { TransactionRecord } from './types';
import { useTransactionDialog } from './use-transaction-dialog';

/**
 * /app/transactions: every order's transaction, newest first, 30 at a time, filtered by side,
 * state, date range and reason (kept in the URL), with the transactions.csv export.
 */
export function TransactionsPage() {
  const { client } = useAuth();
  const { filters, update } = useUrlFilters(readTransactionFilters);
  const problem = rangeProblem(filters);
  const own = Object.fromEntries(
    (['side', 'state', 'reason'] as const)
      .filter((name) => filters[name] !== '')
      .map((name) => [name, filters[name]]),
  );
  const params = Object.fromEntries(new URLSearchParams(problem ? '' : apiQuery(filters, own)));
  const list = useIdPages<TransactionRecord>(
    client,
    ['transactions', 'list'],
    'position/transactions',
    params,
  );
  const dialog = useTransactionDialog();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Transactions</h1>
      <RecordsNav />
      <fieldset className="flex flex-wrap items-end gap-3" aria-label="Filter transactions">
        <FilterSelect
          label="Side"
          value={filters.side}
          options={[
            ['BUY', 'Buy (increase)'],
            ['SELL', 'Sell (decrease)'],
          ]}
          onChange={(side) => update({ side })}
        />
        <FilterSelect
          label="State"
          value={filters.state}
          options={[
            ['PROCESSING', 'Processing'],
            ['SUCCEEDED', 'Succeeded'],
            ['FAILED', 'Failed'],
          ]}
          onChange={(state) => update({ state })}
        />
        <FilterSelect
          label="Reason"
          value={filters.reason}
          options={[
            ['increase', "Strategy's increase"],
            ['decrease', "Strategy's decrease"],
            ['manual', 'Manual order'],
          ]}
          onChange={(reason) => update({ reason })}
        />
        <DateRangeFields from={filters.from} to={filters.to} onChange={update} problem={problem} />
        <ExportButton name="transactions" range={filters} disabled={problem !== null} />
      </fieldset>
      {list.isPending && <Loading label="Loading transactions…" />}
      {list.isError && <LoadError error={list.error} onReload={() => void list.refetch()} />}
      {list.isSuccess && <TransactionsList transactions={list.records} onOpen={dialog.show} />}
      <div className="self-center">
        <LoadMore
          hasMore={list.hasNextPage}
          busy={list.isFetchingNextPage}
          onLoad={() => void list.fetchNextPage()}
        />
      </div>
      {dialog.element}
    </div>
  );
}
