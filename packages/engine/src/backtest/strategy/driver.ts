import {
  type CoinsFamilyState,
  Decimal,
  decideDecrease,
  decideIncrease,
  EMPTY_REVERSAL_STATE,
  freezeStrategy,
  type MarketStateValue,
  type ReversalInput,
  type ReversalState,
  SPLIT_IDS,
  type SplitId,
  type SplitState,
  updateReversal,
  type WindowState,
  windowStatesAt,
} from '@balancer/core';
import { BacktestExchange } from '../exchange/backtest-exchange.js';
import type { RunFrame } from '../frame.js';
import { emptyDrawdown, pushDrawdown } from '../metrics/drawdown.js';
import { summariseOutcome } from '../outcome.js';
import { mayDecrease } from './decrease-filter.js';
import type { StrategyRun, StrategyRunConfig, StrategyStats } from './driver-types.js';
import { PositionBook } from './position-book.js';
import { bidDominanceProxy, QUOTE_PROXY_SYMBOL } from './proxies.js';

/** How many progress calls a replay makes at most (StrategyRunConfig.onProgress). */
const PROGRESS_STEPS = 50;

/** The base (COIN/BTC) family without coins: core scores it neutral (half its weight). */
const NEUTRAL_BASE_FAMILY: CoinsFamilyState = { state: 0, statesBySymbol: {} };

/**
 * Replays the frame's candles through the live engine's core functions on a virtual clock.
 * Each candle is one tick at its close time (open + interval):
 * 1. orders decided on the previous tick fill at this candle's open (no look-ahead);
 * 2. `windowStatesAt` gives the window state of the last `size` closes and its 8 split states
 *    (allocation-free, exact, without the split changes nothing here reads);
 * 3. while a crash may start or is active, `updateReversal` runs with the candle proxies
 *    (proxies.ts); a reversal event asks `decideIncrease`;
 * 4. with a position and window state 2, `decideDecrease` runs (behind an exact pre-filter);
 * 5. equity (cash + BTC × close) feeds the drawdown and the chart samples.
 * Steps 2 and 5 are plain number work; Decimal and objects appear only when something happens.
 */
export function runStrategy(frame: RunFrame, config: StrategyRunConfig): StrategyRun {
  const { table, samples, windowCloses, windowOffset } = frame;
  const { window, reversal: reversalConfig, proxies } = config;
  // A checked, frozen copy: core recognises it in O(1) on every decision instead of re-checking it.
  const strategy = freezeStrategy(config.strategy);
  const exchange = new BacktestExchange({ quote: frame.startQuote, base: '0' }, frame.exchange);
  const book = new PositionBook(strategy);
  const splitStates = new Int8Array(SPLIT_IDS.length);
  const equity = new Float64Array(samples.length);
  const drawdown = emptyDrawdown();
  const sellLevels: Record<string, number> = {};
  const stats: StrategyStats = {
    warmupCandles: 0,
    crashes: 0,
    crashPeriods: [],
    reversalEvents: [],
    decreasesByLevel: [0, 0, 0, 0, 0],
    decreaseChecks: 0,
    rejectedOrders: 0,
  };
  let reversal: ReversalState = EMPTY_REVERSAL_STATE;
  const btcWindow = neutralWindow();
  const btcSplits = SPLIT_IDS.map((id) => btcWindow.splitStates[id]);
  const quoteFamily: CoinsFamilyState = { state: 0, statesBySymbol: { [QUOTE_PROXY_SYMBOL]: btcWindow } };
  const reversalInput: ReversalInput = {
    windowState: 0,
    bidDominance: 50,
    coins: { quote: quoteFamily, base: NEUTRAL_BASE_FAMILY },
  };
  let pendingBuy: string | null = null;
  let pendingSell: { amount: string; level: number } | null = null;
  let sample = 0;
  const { onProgress } = config;
  // Every ~2 % of the candles; -1 (never reached) without a listener, so the loop pays one compare.
  const progressStep = Math.max(1, Math.ceil(table.length / PROGRESS_STEPS));
  let nextProgress = onProgress ? progressStep : -1;

  for (let i = 0; i < table.length; i++) {
    if (i === nextProgress) {
      onProgress!(i, table.length);
      nextProgress += progressStep;
    }
    const close = table.close[i]!;
    if (pendingBuy !== null || pendingSell !== null) {
      const open = table.open[i]!;
      const time = table.time[i]!;
      if (pendingSell !== null) {
        // Core keeps sells ≥ 0.0002 BTC; the exchange also wants ≥ 10 quote, which a minimum
        // sell misses at low prices (2017: 0.0002 × 2,000 = 0.4). A refused sell is not recorded,
        // so the level tries again on the next tick, as it would live.
        if (exchange.meetsMinimums(pendingSell.amount, open)) {
          const trade = exchange.marketSell(pendingSell.amount, open, time);
          sellLevels[trade.id] = pendingSell.level;
          stats.decreasesByLevel[pendingSell.level]!++;
          book.onSell(trade, pendingSell.level);
        } else {
          stats.rejectedOrders++;
        }
      }
      if (pendingBuy !== null) {
        // The decision priced the order at the last close; at this open, with the fee, the free
        // quote may buy a little less (never more than decided).
        const amount = Decimal.min(exchange.affordableBase(open), pendingBuy).toFixed();
        if (exchange.meetsMinimums(amount, open)) book.onBuy(exchange.marketBuy(amount, open, time));
        else stats.rejectedOrders++;
      }
      pendingBuy = null;
      pendingSell = null;
    }

    const end = windowOffset + i;
    if (end + 1 < window.size) {
      stats.warmupCandles++;
    } else {
      const now = table.time[i]! + table.intervalMs;
      const state = windowStatesAt(
        windowCloses,
        end,
        window.size,
        window.requirement,
        window.strongRequirement,
        splitStates,
      );
      if (state === -2 || reversal.active !== null) {
        // updateReversal is pure and keeps nothing of its input, so one input object is reused.
        fillWindowState(btcWindow, btcSplits, state, splitStates);
        quoteFamily.state = state;
        reversalInput.windowState = state;
        reversalInput.bidDominance = bidDominanceProxy(table, i, proxies.liquidityCandles);
        const result = updateReversal(reversal, reversalInput, now, reversalConfig);
        if (result.ended !== null) {
          stats.crashes++;
          stats.crashPeriods.push({ start: result.ended.start, end: result.ended.end });
        }
        reversal = result.state;
        if (result.event !== null) {
          const decision = decideIncrease({
            position: book.position,
            reversalEvent: true,
            price: String(close),
            balances: exchange.balances(),
            now,
            strategy,
          });
          if (decision.action !== 'none') pendingBuy = decision.amountBase;
          stats.reversalEvents.push({
            crashId: result.event.crashId,
            time: result.event.time,
            points: result.event.points,
            decision: decision.action === 'none' ? decision.reason : decision.action,
          });
        }
      }
      if (
        state === 2 &&
        book.isOpen &&
        (config.exhaustive === true || mayDecrease(book.entry, close, now, book.actions, strategy))
      ) {
        stats.decreaseChecks++;
        const decision = decideDecrease({
          position: book.position,
          windowState: state,
          price: String(close),
          balances: exchange.balances(),
          now,
          strategy,
        });
        if (decision.action === 'decrease')
          pendingSell = { amount: decision.amountBase, level: decision.level };
      }
    }

    const value = exchange.quoteValue + exchange.baseValue * close;
    pushDrawdown(drawdown, value);
    if (samples[sample] === i) equity[sample++] = value;
  }
  if (reversal.active !== null) stats.crashes++;
  onProgress?.(table.length, table.length);

  const lastClose = String(table.close[table.length - 1]);
  const outcome = summariseOutcome('strategy', 'Balancer strategy', exchange, frame, drawdown, equity);
  return { outcome, positions: book.finalPositions(lastClose), sellLevels, stats };
}

/**
 * The window state object standing in for BTC in the quote coins family. Core's reversal reads
 * only its split states (s15, s10, s5, s2), so only the states are kept; each split's `change`
 * stays 0 (computing the exact 2 dp changes would cost more than the reversal).
 */
function neutralWindow(): WindowState {
  const splitStates = {} as Record<SplitId, SplitState>;
  for (const id of SPLIT_IDS) splitStates[id] = { state: 0, change: 0 };
  return { state: 0, splitStates };
}

/** Copies the split states into the stand-in window state (its split objects, in SPLIT_IDS order). */
function fillWindowState(
  target: WindowState,
  splits: readonly SplitState[],
  state: MarketStateValue,
  states: Int8Array,
): void {
  target.state = state;
  for (let split = 0; split < splits.length; split++) {
    splits[split]!.state = states[split] as MarketStateValue;
  }
}
