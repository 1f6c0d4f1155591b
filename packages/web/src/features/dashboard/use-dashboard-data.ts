import { useQueries, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { BALANCES_REFRESH_MS, REVERSAL_HISTORY_REFRESH_MS } from '../../lib/background-schedule';
import type { TradeView } from './chart-overlays';
import type { CrashView, ReversalHistoryView } from './reversal-paths';

/** The active position's trades (authority 2; an operator of authority 1 sees no markers). */
export function usePositionTrades(positionId: number | undefined, allowed: boolean, tradeCount: number) {
  const { client } = useAuth();
  return useQuery({
    // The plan's action counts change when a trade lands: refetch then, not every tick.
    queryKey: ['dashboard', 'trades', positionId, tradeCount],
    queryFn: () => client.request<TradeView[]>({ path: `position/record/trades/${positionId}`, auth: true }),
    enabled: positionId !== undefined && allowed,
    placeholderData: (previous) => previous,
  });
}

export interface BalancesView {
  free: Record<string, string>;
  time: number;
  baseAsset: string;
  quoteAsset: string;
}

/** Free balances (authority 2), read every 10 s. */
export function useBalances(allowed: boolean) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['dashboard', 'balances'],
    queryFn: () => client.request<BalancesView>({ path: 'position/balances', auth: true }),
    enabled: allowed,
    refetchInterval: BALANCES_REFRESH_MS,
  });
}

/** The crashes the reversal history draws: the newest two. */
const HISTORY_CRASHES = 2;
/** The server keeps one point per minute: read the current crash's again each minute. */
const HISTORY_REFRESH_MS = REVERSAL_HISTORY_REFRESH_MS;

/**
 * The newest crashes and their points (authority 1). Read again when a crash starts or ends and,
 * while one is in progress, every minute.
 */
export function useReversalHistory(activeId: string | null) {
  const { client } = useAuth();
  const refetchInterval = activeId === null ? false : HISTORY_REFRESH_MS;
  const records = useQuery({
    queryKey: ['dashboard', 'crashes', activeId],
    queryFn: () =>
      client.request<CrashView[]>({
        path: `market-state/reversal/records?limit=${HISTORY_CRASHES}`,
        auth: true,
      }),
    // The current crash's record gains its event time while it runs.
    refetchInterval,
    placeholderData: (previous) => previous,
  });
  const crashes = records.data ?? [];
  const histories = useQueries({
    queries: crashes.map((crash) => ({
      queryKey: ['dashboard', 'crash-points', crash.id],
      queryFn: () =>
        client.request<ReversalHistoryView>({
          path: `market-state/reversal/event-history/${encodeURIComponent(crash.id)}`,
          auth: true,
        }),
      refetchInterval: crash.id === activeId ? refetchInterval : false,
      placeholderData: (previous: ReversalHistoryView | undefined) => previous,
    })),
  });
  return {
    crashes,
    histories: histories.map((query) => query.data),
    loading: records.isPending || histories.some((query) => query.isPending),
    error: records.error ?? histories.find((query) => query.error)?.error ?? null,
  };
}
