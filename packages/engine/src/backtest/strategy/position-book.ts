import {
  addTrades,
  computePosition,
  EMPTY_ACTIONS,
  EMPTY_POSITION_LEDGER,
  groupTradesIntoPositions,
  isLedgerClosed,
  ledgerEntryPrice,
  type Position,
  type PositionActions,
  type PositionLedger,
  positionFromLedger,
  recordDecrease,
  recordIncrease,
  type StrategyConfig,
  type Trade,
} from '@balancer/core';

/**
 * The strategy's positions during a backtest, kept the way the live engine keeps them: the
 * active position is core's position of its trades (`positionFromLedger` over a ledger each fill
 * is added to, which equals `computePosition` over the trades without re-reading them) with the
 * actions recorded by `recordIncrease` / `recordDecrease`, at the price of the latest fill. It
 * changes only on fills (the decisions read the price separately), and it is computed when a
 * decision first asks for it after a fill: a sell the next fill follows before any decision
 * (e.g. the sell that closes the position) never needs it.
 */
export class PositionBook {
  private ledger: PositionLedger = EMPTY_POSITION_LEDGER;
  private readonly all: Trade[] = [];
  private readonly actionsByPosition: PositionActions[] = [];
  actions: PositionActions = EMPTY_ACTIONS;
  /** The active position as last computed; stale after a fill until `position` is read. */
  private current: Position | null = null;
  private stale = false;
  /** The price of the latest fill: the price the position is computed at. */
  private fillPrice = '';
  /** Entry price as a float, for the decrease pre-filter only (NaN without a position). */
  entry = Number.NaN;

  constructor(private readonly strategy: StrategyConfig) {}

  /** Whether a position is active (without computing it: `position` is then not null). */
  get isOpen(): boolean {
    return this.ledger.first !== null;
  }

  /** The active position, or null. */
  get position(): Position | null {
    if (this.stale) {
      this.current = positionFromLedger(this.ledger, this.fillPrice, this.strategy, this.actions);
      this.stale = false;
    }
    return this.current;
  }

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
    const opens = this.ledger.first === null;
    this.ledger = addTrades(this.ledger, [trade]);
    this.all.push(trade);
    if (opens) this.actionsByPosition.push(this.actions);
    else this.actionsByPosition[this.actionsByPosition.length - 1] = this.actions;
    if (isLedgerClosed(this.ledger)) {
      this.ledger = EMPTY_POSITION_LEDGER;
      this.actions = EMPTY_ACTIONS;
      this.current = null;
      this.stale = false;
      this.entry = Number.NaN;
    } else {
      this.stale = true;
      this.fillPrice = trade.price;
      this.entry = ledgerEntryPrice(this.ledger).toNumber();
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
