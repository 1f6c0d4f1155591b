/*
 * The signed-in app's state as the server sends it: the wire contract's types from core
 * (packages/core/src/api/essentials.ts), re-exported under the names the app uses. One
 * definition: the server builds these payloads, its contract test parses them with the same
 * schemas, and the store here is typed by them.
 */
export type {
  AppEssentials,
  ExchangeConfig,
  MarketState,
  SessionUser as EssentialsUser,
  StreamEssentials,
  UnreadCounts,
} from '@balancer/core';
