import {
  computePosition,
  EMPTY_ACTIONS,
  groupTradesIntoPositions,
  type Position,
  type PositionActions,
  recordDecrease,
  recordIncrease,
  type StrategyConfig,
  type Trade,
} from '@balancer/core';

/**
 * The strategy's positions during a backtest, kept the way the live engine keeps them: the
 * active position is `computePosition` over its trades with the actions recorded by
 * `recordIncrease` / `recordDecrease`, recomputed after every fill (never per candle: a position's
 * entry and amount change only on fills, and the decisions read the price separately).
 */
export class PositionBook {
  private trades: Trade[] = [];
  private readonly all: Trade[] = [];
  private readonly actionsByPosition: PositionActions[] = [];
  actions: PositionActions = EMPTY_ACTIONS;
  /** The active position, or null. */
  position: Position | null = null;
  /** Entry price as a float, for the decrease pre-filter only (NaN without a position). */
  entry = Number.NaN;

  constructor(private readonly strategy: StrategyConfig) {}

  /** Records a filled buy (an open or an add). */
  onBuy(trade: Trade): void {
    this.actions = recordIncrease(this.actions, trade.id, trade.time, this.strategy);
    this.add(trade);
  }

  /** Records a filled sell of decrease `level` (0–4). */
  onSell(trade: Trade, level: number): void {
    this.actions = recordDecrease(this.actions, level, trade.id, trade.time, this.strategy);
    this.add(trade);
  }

  private add(trade: Trade): void {
    this.trades.push(trade);
    this.all.push(trade);
    const position = computePosition(this.trades, trade.price, this.strategy, this.actions);
    if (this.trades.length === 1) this.actionsByPosition.push(this.actions);
    else this.actionsByPosition[this.actionsByPosition.length - 1] = this.actions;
    if (position.close !== null) {
      this.trades = [];
      this.actions = EMPTY_ACTIONS;
      this.position = null;
      this.entry = Number.NaN;
    } else {
      this.position = position;
      this.entry = Number(position.entryPrice);
    }
  }

  /**
   * Every position at `price` (the last close), regrouped from all trades by core's
   * `groupTradesIntoPositions` so the report shows what the live platform would show.
   * Throws if core's grouping disagrees with the book (a bug, not an input error).
   */
  finalPositions(price: string): Position[] {
    const groups = groupTradesIntoPositions(this.all);
    if (groups.length !== this.actionsByPosition.length) {
      throw new Error(
        `positions disagree: core grouped ${groups.length}, the book kept ${this.actionsByPosition.length}`,
      );
    }
    return groups.map((trades, i) =>
      computePosition(trades, price, this.strategy, this.actionsByPosition[i]!),
    );
  }
}
