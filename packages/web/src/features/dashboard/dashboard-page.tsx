import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useAuth } from '../../auth/auth-context';
import { liveOriginQuery } from '../../components/live-origin/live-origin-query';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { type AppEssentials, useEssentials } from '../../essentials';
import { toChartCandles } from '../../lib/chart/candles';
import { formatQuote } from '../../lib/locale-number';
import { BalancesCard } from './balances-card';
import { buildMarkers, buildPriceLines } from './chart-overlays';
import { CoinsIndicator, LiquidityIndicator, ReversalIndicator, WindowIndicator } from './indicators';
import { PlannerCard } from './planner-card';
import { PositionSummary } from './position-summary';
import { ReversalHistory } from './reversal-history';
import { StateBadge } from './state-badge';
import { usePositionTrades } from './use-dashboard-data';

// lightweight-charts (~50 kB gzip) loads with the chart, after the page shell.
const WindowChart = lazy(() => import('./window-chart'));
/** The card's code loads only when a lab result was applied: most dashboards never carry it. */
const LiveOriginCard = lazy(async () => ({
  default: (await import('../../components/live-origin/live-origin-card')).LiveOriginCard,
}));

function LiveOrigin({ client }: { client: ReturnType<typeof useAuth>['client'] }) {
  const { data } = useQuery(liveOriginQuery(client));
  if (!data?.origin) return null;
  return (
    <Suspense fallback={null}>
      <LiveOriginCard client={client} />
    </Suspense>
  );
}

/** Authority that may read a position's trades (the chart's markers). */
const TRADES_AUTHORITY = 2;

function SimulatedBanner({ name, replay }: { name: string; replay: boolean }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <strong className="font-semibold">Simulated market:</strong> prices are replayed and no real orders are
      placed.{' '}
      {replay && (
        <>
          Market data, positions, trades and transactions run on the replay's clock (the candles' dates,
          marked <span className="font-semibold">replay</span>); notifications, errors and sessions on the
          wall clock.{' '}
        </>
      )}
      <span className="text-amber-800">Source: {name}.</span>
    </div>
  );
}

function ChartCard({ essentials }: { essentials: AppEssentials }) {
  const market = essentials.marketState;
  const window = market?.windowState.window;
  const candles = useMemo(() => (window ? toChartCandles(window) : []), [window]);
  const position = essentials.position;
  const actions = position
    ? position.increase_actions.length +
      position.decrease_actions.reduce((sum, level) => sum + level.length, 0)
    : 0;
  const trades = usePositionTrades(position?.id, essentials.user.authority >= TRADES_AUTHORITY, actions);
  const firstMs = window?.id[0] ?? 0;
  const intervalMs = window && window.id.length > 1 ? (window.id[1] ?? 0) - firstMs : 60_000;
  const markers = useMemo(
    () => buildMarkers(trades.data ?? [], firstMs, intervalMs),
    [trades.data, firstMs, intervalMs],
  );
  const levels = essentials.plan?.decrease?.levels;
  const levelKey = JSON.stringify(levels?.map((l) => l.price) ?? position?.decrease_price_levels ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt only when the level prices change
  const priceLines = useMemo(() => buildPriceLines(levels, position?.decrease_price_levels), [levelKey]);
  const price = essentials.price;
  return (
    <Card
      title={`${essentials.exchangeConfig.baseAsset}/${essentials.exchangeConfig.quoteAsset}`}
      actions={
        <div className="flex items-center gap-2">
          {price && (
            <span data-testid="price" className="text-sm font-semibold tabular-nums">
              {formatQuote(price, essentials.exchangeConfig.quoteAsset)}
            </span>
          )}
          {market && <StateBadge state={market.windowState.state} />}
        </div>
      }
    >
      {market ? (
        <Suspense
          fallback={
            <div className="flex h-[400px] items-center justify-center md:h-[500px]">
              <Spinner />
            </div>
          }
        >
          <WindowChart
            candles={candles}
            state={market.windowState.state}
            markers={markers}
            priceLines={priceLines}
          />
        </Suspense>
      ) : (
        <p className="text-sm text-neutral-600">The chart appears after the engine's first tick.</p>
      )}
    </Card>
  );
}

/** The Dashboard screen (issue 8): the live window, the indicators, the position and the plan. */
export function DashboardPage() {
  const essentials = useEssentials();
  const { client } = useAuth();
  if (!essentials) {
    return (
      <div className="flex justify-center py-16" aria-busy="true">
        <Spinner className="h-6 w-6" />
        <span className="sr-only">Loading the dashboard</span>
      </div>
    );
  }
  const market = essentials.marketState;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h1 className="text-2xl font-semibold">Dashboard</h1>
      {essentials.exchangeConfig.simulated && (
        <SimulatedBanner name={essentials.exchangeConfig.name} replay={essentials.exchangeConfig.replay} />
      )}
      <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <ChartCard essentials={essentials} />
          {market && <WindowIndicator market={market} />}
          {market && (
            <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
              <LiquidityIndicator market={market} />
              <CoinsIndicator market={market} quoteAsset={essentials.exchangeConfig.quoteAsset} />
              <ReversalIndicator market={market}>
                <ReversalHistory
                  activeId={market.reversalState?.id ?? null}
                  requirement={market.reversalState?.pointsRequirement ?? null}
                />
              </ReversalIndicator>
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <PositionSummary
            position={essentials.position}
            quoteAsset={essentials.exchangeConfig.quoteAsset}
            showOrders={essentials.user.authority >= TRADES_AUTHORITY}
          />
          <PlannerCard
            plan={essentials.plan}
            windowState={market?.windowState.state ?? null}
            quoteAsset={essentials.exchangeConfig.quoteAsset}
          />
          <BalancesCard authority={essentials.user.authority} />
          <LiveOrigin client={client} />
        </div>
      </div>
    </div>
  );
}
