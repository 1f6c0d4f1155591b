import { lazy, Suspense, useMemo } from 'react';
import { toChartCandles } from '../../lib/chart/candles';
import { positionPriceLines, tradeMarkers } from './chart-data';
import { LoadError, Loading } from './page-states';
import { useEventHistory, usePositionTrades } from './positions-api';
import type { PositionRecord } from './types';

const PositionChart = lazy(() => import('./position-chart'));

/** The price history chart (event history, trade markers, entry price and decrease levels). */
export function HistorySection({ position }: { position: PositionRecord }) {
  const history = useEventHistory(position.id);
  const trades = usePositionTrades(position.id);
  const { entry_price, decrease_price_levels, close } = position;
  const priceLines = useMemo(
    () => positionPriceLines({ entry_price, decrease_price_levels, close }),
    [entry_price, decrease_price_levels, close],
  );
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
          <PositionChart candles={candles} markers={markers} priceLines={priceLines} />
        </Suspense>
      )}
    </section>
  );
}
