import { useId, useState } from 'react';
import { LoadMore } from '../../components/ui/load-more';
import { EmptyPositions } from './empty-positions';
import { EquityChart } from './equity-chart';
import { ManualOrders } from './manual-orders';
import { LoadError, Loading } from './page-states';
import { PositionDialog } from './position-dialog';
import { usePositionsList } from './positions-api';
import { PositionsTable } from './positions-table';
import { PositionFiltersBar } from './records/position-filters';
import { RecordsNav } from './records/records-nav';
import { apiQuery, rangeProblem, readPositionFilters } from './records/url-filters';
import { useUrlFilters } from './records/use-url-filters';
import type { PositionRecord } from './types';

/**
 * /app/positions: manual orders, the equity chart, then the positions, newest first, 15 at a time,
 * filtered by the URL's filters (records/url-filters.ts).
 */
export function PositionsPage() {
  const { filters, update } = useUrlFilters(readPositionFilters);
  const filtered = filters.state !== '' || filters.result !== '' || filters.from !== '' || filters.to !== '';
  const query = rangeProblem(filters)
    ? ''
    : apiQuery({ from: filters.from, to: filters.to }, filtersOf(filters.state, filters.result));
  const list = usePositionsList(query);
  const [showArchived, setShowArchived] = useState(false);
  const [details, setDetails] = useState<PositionRecord | null>(null);
  const toggleId = useId();
  const all = list.data?.pages.flat() ?? [];
  const shown = showArchived ? all : all.filter((position) => !position.archived);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Positions</h1>
      <RecordsNav />
      <section aria-labelledby="manual-orders-title" className="flex flex-col gap-2">
        <h2 id="manual-orders-title" className="text-lg font-semibold">
          Manual orders
        </h2>
        <ManualOrders />
      </section>
      <section aria-labelledby="equity-title" className="flex flex-col gap-2">
        <h2 id="equity-title" className="text-lg font-semibold">
          Equity
        </h2>
        <EquityChart />
      </section>
      <section aria-labelledby="positions-list-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="positions-list-title" className="text-lg font-semibold">
            History
          </h2>
          <label htmlFor={toggleId} className="flex items-center gap-2 text-sm">
            <input
              id={toggleId}
              type="checkbox"
              checked={showArchived}
              onChange={(event) => setShowArchived(event.target.checked)}
              className="h-4 w-4 accent-primary"
            />
            Show archived
          </label>
        </div>
        <PositionFiltersBar filters={filters} onChange={update} />
        {list.isPending && <Loading label="Loading positions…" />}
        {list.isError && <LoadError error={list.error} onReload={() => void list.refetch()} />}
        {list.isSuccess && all.length === 0 && !filtered && <EmptyPositions />}
        {list.isSuccess && all.length === 0 && filtered && (
          <p className="text-sm text-neutral-700">No position matches these filters.</p>
        )}
        {list.isSuccess && all.length > 0 && shown.length === 0 && (
          <p className="text-sm text-neutral-700">Only archived positions so far.</p>
        )}
        {shown.length > 0 && <PositionsTable positions={shown} onDetails={setDetails} />}
        <div className="self-center">
          <LoadMore
            hasMore={list.hasNextPage}
            busy={list.isFetchingNextPage}
            onLoad={() => void list.fetchNextPage()}
          />
        </div>
      </section>
      <PositionDialog position={details} onClose={() => setDetails(null)} />
    </div>
  );
}

/** The list's own filters as API arguments (the empty ones left out). */
function filtersOf(state: string, result: string): Record<string, string> {
  return { ...(state ? { state } : {}), ...(result ? { result } : {}) };
}
