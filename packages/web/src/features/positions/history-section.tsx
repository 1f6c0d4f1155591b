import { lazy, Suspense, useMemo } from 'react';
import { toChartCandles } from '../../lib/chart/candles';
import { tradeMarkers } from './chart-data';
import { LoadError, Loading } from './page-states';
import { useEventHistory, usePositionTrades } from './positions-api';

const PositionChart = lazy(() => import('./position-chart'));

/** The price history chart (event history candles, trade markers). */
export function HistorySection({ positionId }: { positionId: number }) {
  const history = useEventHistory(positionId);
  const trades = usePositionTrades(positionId);
  const candles = useMemo(() => (history.data ? toChartCandles(history.data) : []), [history.data]);
  const markers = useMemo(() => tradeMarkers(trades.data ?? []), [trades.data]);
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="text-lg font-semibold">
        Price history
      </h2>
      {history.isPending && <Loading label="Loading the price history…" />}
      {history.isError && <LoadError error={history.error} onReload={() => void history.refetch()} />}
      {history.isSuccess && candles.length === 0 && (
        <p className="text-sm text-neutral-600">No price history yet: it is recorded once a minute.</p>
      )}
      {candles.length > 0 && (
        <Suspense fallback={<Loading label="Loading the chart…" />}>
          <PositionChart candles={candles} markers={markers} />
        </Suspense>
      )}
    </section>
  );
}
