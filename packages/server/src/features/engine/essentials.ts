import type {
  AppEssentials,
  ExchangeConfig,
  ExchangeVenue,
  SessionUser,
  StreamEssentials,
  UnreadCounts,
  VersionSummary,
} from '@balancer/core';
import type { EngineExchangeInfo, EngineSnapshot, LiveMarketState, LivePosition } from '@balancer/engine';
import { type PositionRecord, toPositionRecord } from '../../trading/position-record.js';
import { marketRulesView } from './exchange-view.js';

/**
 * `exchangeConfig` of the essentials: what the operator trades on, whether it is real money, and
 * the market's rules once the engine has read them (the Server screen's Exchange card).
 */
export function exchangeConfigView(
  info: EngineExchangeInfo,
  mode: string,
  venue: ExchangeVenue,
): ExchangeConfig {
  const { rules, ...exchange } = info;
  return { ...exchange, mode, venue, market: marketRulesView(rules) };
}

/**
 * The active position in the one shape the client knows (core's position record, as GET
 * /position/record/:id gives it), computed at the tick's price. The active one is never archived.
 */
export function positionView(position: LivePosition | null, price: string): PositionRecord | null {
  if (position === null) return null;
  const { id, open, close } = position;
  return toPositionRecord({ id: Number(id), open, close, archived: false, price }, position);
}

/**
 * GET /data-join/app-essentials: everything the signed-in app needs at start.
 * Before the engine's first tick marketState and position are null.
 */
export function appEssentials(input: {
  now: number;
  /** Running and latest API and GUI versions, and which are behind (features/platform-update). */
  version: VersionSummary;
  user: SessionUser;
  counts: UnreadCounts;
  exchange: ExchangeConfig;
  snapshot: EngineSnapshot | null;
}): AppEssentials {
  const { snapshot } = input;
  return {
    serverTime: input.now,
    version: input.version,
    ...input.counts,
    user: { id: input.user.id, nickname: input.user.nickname, authority: input.user.authority },
    exchangeConfig: input.exchange,
    marketState: snapshot?.marketState ?? null,
    position: snapshot ? positionView(snapshot.position, snapshot.price) : null,
    plan: snapshot?.plan ?? null,
    price: snapshot?.price ?? null,
    marketTime: snapshot?.time ?? null,
  };
}

/** The market state with its window cut to the last `count` candles (the stream's compact form). */
export function sliceMarketState(state: LiveMarketState, count: number): LiveMarketState {
  const { window } = state.windowState;
  const from = Math.max(0, window.id.length - count);
  return {
    ...state,
    windowState: {
      ...state.windowState,
      window: {
        id: window.id.slice(from),
        open: window.open.slice(from),
        high: window.high.slice(from),
        low: window.low.slice(from),
        close: window.close.slice(from),
      },
    },
  };
}

/** The part of the stream's essentials that every user shares: all but the unread counts. */
export type SharedStreamEssentials = Omit<StreamEssentials, keyof UnreadCounts>;

/**
 * The shared part of the stream's per-tick essentials, computed once per tick for every user: the
 * market state with the window cut to its last 2 candles, the active position and the plan.
 */
export function sharedStreamEssentials(snapshot: EngineSnapshot): SharedStreamEssentials {
  return {
    time: snapshot.time,
    price: snapshot.price,
    mode: snapshot.mode,
    marketState: sliceMarketState(snapshot.marketState, 2),
    position: positionView(snapshot.position, snapshot.price),
    plan: snapshot.plan,
  };
}

/**
 * The stream's per-tick essentials (docs/operations-api.md, Realtime stream): unread counts, the market state
 * with the window cut to its last 2 candles, the active position and the plan. No serverTime: the client's
 * merge rule (docs/web.md) keeps version, user and exchangeConfig from the full essentials.
 */
export function streamEssentials(snapshot: EngineSnapshot, counts: UnreadCounts): StreamEssentials {
  return withCounts(sharedStreamEssentials(snapshot), counts);
}

/** One user's stream essentials: their unread counts and the shared part. */
export function withCounts(shared: SharedStreamEssentials, counts: UnreadCounts): StreamEssentials {
  return {
    unreadNotifications: counts.unreadNotifications,
    unreadAPIErrors: counts.unreadAPIErrors,
    ...shared,
  };
}
