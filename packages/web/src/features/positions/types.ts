/*
 * The trading API's shapes as the web app reads them (docs/trading-api.md). The records are
 * defined once in core (shared with the server that builds them); type-only, so no runtime code.
 */
import type { CandleSeries } from '@balancer/core';

export type { PositionAction, PositionRecord, TradeRecord } from '@balancer/core';

/** Minute candles of a position's life as parallel arrays (`id`: minute open times in ms). */
export type EventHistory = CandleSeries;
