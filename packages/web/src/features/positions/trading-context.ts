import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ESSENTIALS_QUERY_KEY, useEssentialsSelector, useUser } from '../../essentials';

/** Authority needed to place manual orders, change trades and archive (docs/trading-api.md). */
export const TRADING_AUTHORITY = 4;

/**
 * The user's authority and the active position, read from the signed-in state (the essentials,
 * which the stream updates every tick, so the active position's figures follow the price).
 * `refetch` reads the essentials whole again now, e.g. right after an order. `marketNow` is the
 * engine's clock (a manual trade's default time); `replay` says it is the simulator's replay.
 */
export function useTradingContext() {
  const authority = useUser()?.authority ?? 0;
  const activePosition = useEssentialsSelector((essentials) => essentials?.position ?? null);
  const price = useEssentialsSelector((essentials) => essentials?.price ?? null);
  const baseAsset = useEssentialsSelector((essentials) => essentials?.exchangeConfig.baseAsset ?? 'BTC');
  const marketTime = useEssentialsSelector((essentials) => essentials?.marketTime ?? null);
  const replay = useEssentialsSelector((essentials) => essentials?.exchangeConfig.replay === true);
  // The engine's clock: its last tick's market time; the browser's only before the first tick
  // (the server refuses a trade dated after the engine's now, so a wrong guess cannot be saved).
  const marketNow = useCallback(() => marketTime ?? Date.now(), [marketTime]);
  const queries = useQueryClient();
  const refetch = useCallback(() => queries.invalidateQueries({ queryKey: ESSENTIALS_QUERY_KEY }), [queries]);
  return {
    authority,
    canTrade: authority >= TRADING_AUTHORITY,
    activePosition,
    refetch,
    marketNow,
    replay,
    price,
    baseAsset,
  };
}
