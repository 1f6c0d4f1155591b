import {
  addParsedTrade,
  EMPTY_ACTIONS,
  EMPTY_POSITION_LEDGER,
  fixedOf,
  type PositionActions,
  type PositionLedger,
  quotientDown,
  recordDecrease,
  recordIncrease,
  roundDown,
  type StrategyConfig,
  times,
} from '@balancer/core';
import { MINUTE, randomPrices } from '@balancer/core/testing';
import fc from 'fast-check';
import { BacktestExchange } from '../exchange/backtest-exchange.js';
import { DEFAULT_EXCHANGE_CONFIG } from '../exchange/exchange-config.js';
import { PositionBook } from './position-book.js';

// Random backtest states for property tests against core: an exchange, a position book and a
// ledger of every fill after random buys and sells (strategies and prices: core's, `@balancer/core/testing`).

interface Fill {
  buy: boolean;
  price: number;
  /** Share of what the balance allows, 1–100 %. */
  share: number;
  level: number;
  minutes: number;
}

export const fills = fc.array(
  fc.record({
    buy: fc.boolean(),
    price: randomPrices,
    share: fc.integer({ min: 1, max: 100 }),
    level: fc.integer({ min: -1, max: 4 }),
    minutes: fc.integer({ min: 1, max: 3 * 24 * 60 }),
  }),
  { maxLength: 8 },
);

/** Plays the fills on a fresh exchange and book (those the minimums refuse are skipped). */
export function play(strategy: StrategyConfig, startQuote: string, plays: Fill[]) {
  const exchange = new BacktestExchange({ quote: startQuote, base: '0' }, DEFAULT_EXCHANGE_CONFIG);
  const book = new PositionBook(strategy);
  /** Every fill, across positions (a ledger core need not accept: it may start with a sell). */
  let ledger: PositionLedger = EMPTY_POSITION_LEDGER;
  /** The active position's actions as core's recorders build them (empty again once it closes). */
  let coreActions: PositionActions = EMPTY_ACTIONS;
  let time = Date.UTC(2024, 0, 1);
  for (const fill of plays) {
    time += fill.minutes * MINUTE;
    const price = fixedOf(fill.price);
    const most = fill.buy ? exchange.affordableAmount(price) : exchange.freeBase();
    const amount = roundDown(
      quotientDown(times(most, fixedOf(fill.share)), fixedOf(100), 8),
      DEFAULT_EXCHANGE_CONFIG.lotDecimals,
    );
    if (!exchange.meetsMinimums(amount, price)) continue;
    if (fill.buy) {
      const trade = exchange.marketBuy(amount, price, time);
      coreActions = recordIncrease(coreActions, trade.id, trade.time, strategy);
      book.onBuy(trade, exchange.lastFill!);
    } else if (book.isOpen) {
      const trade = exchange.marketSell(amount, price, time);
      coreActions = recordDecrease(coreActions, fill.level, trade.id, trade.time, strategy);
      book.onSell(trade, fill.level, exchange.lastFill!);
      if (!book.isOpen) coreActions = EMPTY_ACTIONS;
    } else continue;
    ledger = addParsedTrade(ledger, exchange.trades().at(-1)!, exchange.lastFill!);
  }
  return { exchange, book, time, ledger, coreActions };
}
