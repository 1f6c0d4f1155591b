import type { EquityHistory, EquityRange, StrategyConfig } from '@balancer/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { EQUITY_REFRESH_MS } from '../../lib/background-schedule';
import type { TransactionRecord } from './transactions/types';
import type { EventHistory, PositionRecord, TradeRecord } from './types';

/** Positions per page of the list (the API allows 1–30). */
export const POSITIONS_PAGE_SIZE = 15;

export const positionKeys = {
  all: ['positions'] as const,
  list: (filter = '') => ['positions', 'list', filter] as const,
  record: (id: number) => ['positions', 'record', id] as const,
  trades: (id: number) => ['positions', 'trades', id] as const,
  transactions: (id: number) => ['positions', 'transactions', id] as const,
  history: (id: number) => ['positions', 'history', id] as const,
  equity: (range: EquityRange) => ['positions', 'equity', range] as const,
};

/** A GET of the trading API with the session's token. */
function useGet() {
  const { client } = useAuth();
  return <T>(path: string) => client.request<T>({ path, auth: true });
}

/**
 * Newest first, POSITIONS_PAGE_SIZE at a time; the next page starts before the last position's
 * open time (the API's exclusive cursor). A short page means there is no more. `filter` is the
 * list filters' query (records/url-filters.ts), '' for all.
 */
export function usePositionsList(filter = '') {
  const get = useGet();
  return useInfiniteQuery({
    queryKey: positionKeys.list(filter),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      get<PositionRecord[]>(
        `position/records?limit=${POSITIONS_PAGE_SIZE}${pageParam === null ? '' : `&startAtOpenTime=${pageParam}`}${filter === '' ? '' : `&${filter}`}`,
      ),
    getNextPageParam: (last) =>
      last.length < POSITIONS_PAGE_SIZE ? undefined : (last.at(-1)?.open ?? undefined),
  });
}

export function usePosition(id: number) {
  const get = useGet();
  return useQuery({
    queryKey: positionKeys.record(id),
    queryFn: () => get<PositionRecord>(`position/record/${id}`),
  });
}

export function usePositionTrades(id: number) {
  const get = useGet();
  return useQuery({
    queryKey: positionKeys.trades(id),
    queryFn: () => get<TradeRecord[]>(`position/record/trades/${id}`),
  });
}

export function usePositionTransactions(id: number) {
  const get = useGet();
  return useQuery({
    queryKey: positionKeys.transactions(id),
    queryFn: () => get<TransactionRecord[]>(`position/record/transactions/${id}`),
  });
}

export function useEventHistory(id: number) {
  const get = useGet();
  return useQuery({
    queryKey: positionKeys.history(id),
    queryFn: () => get<EventHistory>(`position/event-history/${id}`),
  });
}

/** The engine records an equity sample a minute: the chart asks again as often. */
export { EQUITY_REFRESH_MS };

/** GET position/equity: free quote and BTC and their value over `range` of market time. */
export function useEquityHistory(range: EquityRange) {
  const get = useGet();
  return useQuery({
    queryKey: positionKeys.equity(range),
    queryFn: () => get<EquityHistory>(`position/equity?range=${range}`),
    refetchInterval: EQUITY_REFRESH_MS,
  });
}

/**
 * What a manual decrease's amount depends on besides the position and price, read fresh when the
 * dialog opens: the free balances (GET position/balances) and the strategy's increase amount.
 */
export function useDecreaseInputs(enabled: boolean) {
  const get = useGet();
  const balances = useQuery({
    queryKey: ['positions', 'balances'],
    queryFn: () => get<{ free: Record<string, string> }>('position/balances'),
    enabled,
    staleTime: 0,
  });
  const strategy = useQuery({
    queryKey: ['positions', 'strategy'],
    queryFn: () => get<StrategyConfig>('position/strategy'),
    enabled,
  });
  return { balances, strategy };
}
