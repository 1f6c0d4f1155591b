import { ERRORS } from '@balancer/core';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/errors/not-found-page';
import { ApiError } from '../../lib/api';
import { ArchiveButton } from './archive-button';
import { AuthorityNote } from './authority-note';
import { HistorySection } from './history-section';
import { ManualOrders } from './manual-orders';
import { LoadError, Loading, PositionNotFound } from './page-states';
import { PositionFigures } from './position-figures';
import { PositionStatusIcon } from './position-status-icon';
import { usePosition } from './positions-api';
import { TradesSection } from './trades-section';
import { useTradingContext } from './trading-context';
import { TransactionsSection } from './transactions-section';

/** /app/position/:id — summary, price history, trades and transactions of one position. */
export function PositionPage() {
  const { id = '' } = useParams();
  if (!/^[1-9]\d{0,15}$/.test(id)) return <NotFoundPage />;
  return <PositionView id={Number(id)} />;
}

function PositionView({ id }: { id: number }) {
  const position = usePosition(id);
  const { canTrade, authority } = useTradingContext();
  if (position.isPending) return <Loading label="Loading the position…" />;
  if (position.error instanceof ApiError && position.error.code === ERRORS.POSITION_NOT_FOUND.code)
    return <PositionNotFound id={id} />;
  if (position.isError) return <LoadError error={position.error} onReload={() => void position.refetch()} />;
  const record = position.data;
  const active = record.close === null && !record.archived;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-3 text-2xl font-semibold">
          Position #{record.id}
          <PositionStatusIcon position={record} withLabel />
        </h1>
        <div className="flex flex-col items-end gap-1">
          <ArchiveButton position={record} canTrade={canTrade} />
          {record.close !== null && !canTrade && <AuthorityNote authority={authority} />}
        </div>
      </header>
      <section aria-labelledby="summary-title" className="flex flex-col gap-3">
        <h2 id="summary-title" className="sr-only">
          Summary
        </h2>
        <PositionFigures
          position={record}
          className="rounded-md border border-neutral-200 p-4 lg:grid-cols-5"
        />
        {active && <ManualOrders />}
      </section>
      <HistorySection position={record} />
      <TradesSection position={record} />
      <TransactionsSection positionId={record.id} />
    </div>
  );
}
