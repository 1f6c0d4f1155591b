import {
  type CoinsFamilyState,
  decreaseReason,
  type Fixed,
  fixedOf,
  fixedText,
  freezeStrategy,
  increaseReason,
  type MarketStateValue,
  mayDecrease,
  type OrderReason,
  smaller,
  splitStateAt,
} from '@balancer/core';
import { BacktestExchange } from '../exchange/backtest-exchange.js';
import type { RunFrame } from '../frame.js';
import { emptyDrawdown, pushDrawdown } from '../metrics/drawdown.js';
import { summariseOutcome } from '../outcome.js';
import type { StrategyRun, StrategyRunConfig, StrategyStats } from './driver-types.js';
import { FastDecisions } from './fast-decisions.js';
import { PositionBook } from './position-book.js';
import { bidDominanceProxy } from './proxies.js';
import {
  REVERSAL_ENDED,
  REVERSAL_EVENT,
  REVERSAL_NOTHING,
  REVERSAL_SCORE,
  ReversalReplay,
} from './reversal-replay.js';
import { windowExtremes } from './window-extremes.js';

/** How many progress calls a replay makes at most (StrategyRunConfig.onProgress). */
const PROGRESS_STEPS = 50;

/** The base (COIN/BTC) family without coins: core scores it neutral (half its weight). */
const NEUTRAL_BASE_FAMILY: CoinsFamilyState = { state: 0, statesBySymbol: {} };

/** SPLIT_IDS indices of s15, s10, s5, s2, the splits the reversal's points read. */
const [S15, S10, S5, S2] = ReversalReplay.SPLITS as [number, number, number, number];

/**
 * Replays the frame's candles through the live engine's core functions on a virtual clock.
 * Each candle is one tick at its close time (open + interval):
 * 1. orders decided on the previous tick fill at this candle's open (no look-ahead);
 * 2. the window state of the last `size` closes: `scanWindowExtremes` marks, in one pass before
 *    the loop, the candles whose state is 2 or −2 (exactly where `windowStatesAt` says so); any
 *    other candle is −1, 0 or 1, which no decision and no reversal timing tells apart;
 * 3. while a crash may start or is active, core's reversal runs with the candle proxies
 *    (proxies.ts) through `ReversalReplay` (the same ticks without objects); a tick that scores
 *    reads the 4 split states the points use (`splitStateAt`, each `windowStatesAt`'s); an event
 *    asks `decideIncrease`;
 * 4. with a position and window state 2, `decideDecrease` runs (behind an exact pre-filter);
 *    both decisions run as `FastDecisions` (core's `increaseOn` / `decreaseOn` on the run's exact
 *    values), or as core's `decideIncrease` / `decideDecrease` reading strings with `exhaustive`;
 * 5. equity (cash + BTC × close) feeds the drawdown and the chart samples.
 * Steps 2, 3 and 5 are plain number work; Decimal and objects appear only when something happens.
 */
export function runStrategy(frame: RunFrame, config: StrategyRunConfig): StrategyRun {
  const { table, samples, windowCloses, windowOffset } = frame;
  const { window, proxies } = config;
  const { size, requirement, strongRequirement } = window;
  // A checked, frozen copy: core recognises it in O(1) on every decision instead of re-checking it.
  const strategy = freezeStrategy(config.strategy);
  const exchange = new BacktestExchange({ quote: frame.startQuote, base: '0' }, frame.exchange);
  const book = new PositionBook(strategy);
  // Core's decisions on the run's exact values (fast-decisions.ts); `exhaustive` reads strings.
  const exhaustive = config.exhaustive === true;
  const fast = new FastDecisions(strategy);
  const equity = new Float64Array(samples.length);
  const drawdown = emptyDrawdown();
  const sellLevels: Record<string, number> = {};
  const reasons: Record<string, OrderReason> = {};
  // The reason of the order waiting for the next open (core's builders, as the live engine's).
  let pendingReason: OrderReason | null = null;
  const stats: StrategyStats = {
    warmupCandles: 0,
    crashes: 0,
    crashPeriods: [],
    reversalEvents: [],
    decreasesByLevel: [0, 0, 0, 0, 0],
    decreaseChecks: 0,
    rejectedOrders: 0,
  };
  const reversal = new ReversalReplay(config.reversal, NEUTRAL_BASE_FAMILY);
  let pendingBuy: Fixed | null = null;
  let pendingSell: { amount: Fixed; level: number } | null = null;
  let sample = 0;
  const { onProgress } = config;
  // Every ~2 % of the candles; -1 (never reached) without a listener, so the loop pays one compare.
  const progressStep = Math.max(1, Math.ceil(table.length / PROGRESS_STEPS));
  let nextProgress = onProgress ? progressStep : -1;
  // Candles before this one have fewer than `size` closes behind them (no decisions).
  const firstFull = Math.min(table.length, Math.max(0, size - 1 - windowOffset));
  stats.warmupCandles = firstFull;
  // Read-only and shared by every run of the same range and window (a sweep's combinations).
  const extremes = windowExtremes(
    { closes: windowCloses, offset: windowOffset, length: table.length, firstFull },
    size,
    requirement,
    strongRequirement,
  );
  const closes = table.close;

  for (let i = 0; i < table.length; i++) {
    if (i === nextProgress) {
      onProgress!(i, table.length);
      nextProgress += progressStep;
    }
    const close = closes[i]!;
    if (pendingBuy !== null || pendingSell !== null) {
      // Read once, exactly, for every order at this open.
      const open = fixedOf(table.open[i]!);
      const time = table.time[i]!;
      if (pendingSell !== null) {
        // Core keeps sells ≥ 0.0002 BTC; the exchange also wants ≥ 10 quote, which a minimum
        // sell misses at low prices (2017: 0.0002 × 2,000 = 0.4). A refused sell is not recorded,
        // so the level tries again on the next tick, as it would live.
        const amount = pendingSell.amount;
        if (exchange.meetsMinimums(amount, open)) {
          const trade = exchange.marketSell(amount, open, time);
          sellLevels[trade.id] = pendingSell.level;
          if (pendingReason !== null) reasons[trade.id] = pendingReason;
          stats.decreasesByLevel[pendingSell.level]!++;
          book.onSell(trade, pendingSell.level, exchange.lastFill!);
        } else {
          stats.rejectedOrders++;
        }
      }
      if (pendingBuy !== null) {
        // The decision priced the order at the last close; at this open, with the fee, the free
        // quote may buy a little less (never more than decided).
        const amount = smaller(exchange.affordableAmount(open), pendingBuy);
        if (exchange.meetsMinimums(amount, open)) {
          const trade = exchange.marketBuy(amount, open, time);
          if (pendingReason !== null) reasons[trade.id] = pendingReason;
          book.onBuy(trade, exchange.lastFill!);
        } else stats.rejectedOrders++;
      }
      pendingBuy = null;
      pendingSell = null;
      pendingReason = null;
    }

    const state = extremes[i] as MarketStateValue;
    if (i >= firstFull && (state !== 0 || reversal.active)) {
      const now = table.time[i]! + table.intervalMs;
      if (state === -2 || reversal.active) {
        const bid = bidDominanceProxy(table, i, proxies.liquidityCandles);
        let tick = reversal.step(state, bid, now);
        if (tick === REVERSAL_ENDED) {
          stats.crashes++;
          stats.crashPeriods.push({ start: reversal.start, end: reversal.endedAt });
        } else if (tick === REVERSAL_SCORE && !reversal.mayReach(bid)) {
          // The points cannot reach the requirement at this bid dominance: no split states needed.
          tick = REVERSAL_NOTHING;
        } else if (tick === REVERSAL_SCORE) {
          const at = windowOffset + i;
          tick = reversal.score(
            splitStateAt(windowCloses, at, size, S15, requirement, strongRequirement),
            splitStateAt(windowCloses, at, size, S10, requirement, strongRequirement),
            splitStateAt(windowCloses, at, size, S5, requirement, strongRequirement),
            splitStateAt(windowCloses, at, size, S2, requirement, strongRequirement),
            bid,
          );
        }
        if (tick === REVERSAL_EVENT) {
          const decision = exhaustive
            ? fast.coreIncrease(book, exchange, close, now)
            : fast.increase(book, exchange, close, now);
          if (decision.action !== 'none') {
            pendingBuy = (exhaustive ? null : fast.decided.amountBase) ?? fixedOf(decision.amountBase);
            pendingReason = increaseReason({
              action: decision.action,
              points: reversal.points,
              pointsRequirement: config.reversal.pointsRequirement,
              entryPrice: book.entryPrice === null ? null : fixedText(book.entryPrice),
              price: String(close),
              amountBase: decision.amountBase,
              quoteEstimate: decision.quoteEstimate,
              strategy,
            });
          }
          stats.reversalEvents.push({
            crashId: reversal.crashId,
            time: now,
            points: reversal.points,
            decision: decision.action === 'none' ? decision.reason : decision.action,
          });
        }
      }
      if (
        state === 2 &&
        book.isOpen &&
        (exhaustive || mayDecrease(book.entry, close, now, book.actions, strategy))
      ) {
        stats.decreaseChecks++;
        const decision = exhaustive
          ? fast.coreDecrease(book, exchange, close, now)
          : fast.decrease(book, exchange, close, now);
        if (decision.action === 'decrease') {
          pendingSell = {
            amount: (exhaustive ? null : fast.decided.amountBase) ?? fixedOf(decision.amountBase),
            level: decision.level,
          };
          pendingReason = decreaseReason({
            level: decision.level,
            entryPrice: fixedText(book.entryPrice!),
            price: String(close),
            amountBase: decision.amountBase,
            wholePosition: decision.wholePosition,
            strategy,
          });
        }
      }
    }

    const value = exchange.quoteValue + exchange.baseValue * close;
    pushDrawdown(drawdown, value);
    if (samples[sample] === i) equity[sample++] = value;
    if (pendingBuy === null && pendingSell === null) {
      // A quiet stretch (most candles): no order to fill, and candles that change nothing but
      // the equity — outside a crash, window state −1…1, or 2 with no sell possible (no position,
      // or the decrease pre-filter rules it out); inside one, any state but 2 on a tick that
      // neither ends nor can score (ReversalReplay.quietTick) — so at constant balances the same
      // float operations as above run in a tight loop, up to the next candle that may act (or
      // report progress).
      const crash = reversal.active;
      const stop = nextProgress > i ? Math.min(table.length, nextProgress) : table.length;
      const quote = exchange.quoteValue;
      const base = exchange.baseValue;
      let { peak, max } = drawdown;
      const open = book.isOpen;
      while (i + 1 < stop) {
        const next = i + 1;
        const mark = extremes[next];
        if (crash) {
          // A −2 inside a crash ticks as −1…1 do (only 2 ends it early); no sell below 2.
          const now = table.time[next]! + table.intervalMs;
          if (
            mark === 2 ||
            !reversal.quietTick(bidDominanceProxy(table, next, proxies.liquidityCandles), now)
          )
            break;
        } else if (mark !== 0) {
          // −2 starts a crash; a 2 is quiet without a position, or when the pre-filter rules a sell out.
          if (mark !== 2) break;
          if (
            open &&
            (exhaustive ||
              mayDecrease(
                book.entry,
                closes[next]!,
                table.time[next]! + table.intervalMs,
                book.actions,
                strategy,
              ))
          )
            break;
        }
        i = next;
        const quiet = quote + base * closes[i]!;
        if (quiet > peak) peak = quiet;
        else if (peak > 0) {
          const fall = ((peak - quiet) / peak) * 100;
          if (fall > max) max = fall;
        }
        if (samples[sample] === i) equity[sample++] = quiet;
      }
      drawdown.peak = peak;
      drawdown.max = max;
    }
  }
  if (reversal.active) stats.crashes++;
  onProgress?.(table.length, table.length);

  const lastClose = String(table.close[table.length - 1]);
  const outcome = summariseOutcome('strategy', 'Balancer strategy', exchange, frame, drawdown, equity);
  return { outcome, positions: book.finalPositions(lastClose), sellLevels, reasons, stats };
}
