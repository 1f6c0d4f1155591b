import {
  addTrades,
  EMPTY_ACTIONS,
  EMPTY_POSITION_LEDGER,
  isLedgerClosed,
  ledgerEntryPrice,
  ledgerHeldAmount,
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
 * (e.g. the sell that closes the position) never needs it. The decisions read only its open and
 * close times, entry price, amount and actions, so those are computed as `positionFromLedger`
 * computes them and every other field is a getter that computes the whole position on first
 * read: what a reader sees is `positionFromLedger`'s position, field for field.
 */
export class PositionBook {
  private ledger: PositionLedger = EMPTY_POSITION_LEDGER;
  /** Every position's ledger (the last one's as it stands) and actions, oldest first. */
  private readonly ledgers: PositionLedger[] = [];
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
      this.current = decisionPosition(this.ledger, this.fillPrice, this.strategy, this.actions);
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
    if (opens) {
      this.ledgers.push(this.ledger);
      this.actionsByPosition.push(this.actions);
    } else {
      this.ledgers[this.ledgers.length - 1] = this.ledger;
      this.actionsByPosition[this.actionsByPosition.length - 1] = this.actions;
    }
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
   * Every position at `price` (the last close), each core's `positionFromLedger` of its ledger,
   * which is `computePosition` of its trades (core's contract, tested there): the positions the
   * live platform would show. A position closes when its ledger does (`isLedgerClosed`), the
   * rule `groupTradesIntoPositions` groups trades by.
   */
  finalPositions(price: string): Position[] {
    return this.ledgers.map((ledger, i) =>
      positionFromLedger(ledger, price, this.strategy, this.actionsByPosition[i]!),
    );
  }
}

/**
 * `positionFromLedger(ledger, price, strategy, actions)` with the fields the decisions read
 * computed now and the rest on first read (a ledger with a first buy, as the book keeps it).
 */
function decisionPosition(
  ledger: PositionLedger,
  price: string,
  strategy: StrategyConfig,
  actions: PositionActions,
): Position {
  let whole: Position | null = null;
  const all = () => {
    whole ??= positionFromLedger(ledger, price, strategy, actions);
    return whole;
  };
  return {
    open: ledger.first!.time,
    close: isLedgerClosed(ledger) ? ledger.last!.time : null,
    entryPrice: ledgerEntryPrice(ledger).toFixed(),
    amount: ledgerHeldAmount(ledger).toFixed(),
    get amountQuote() {
      return all().amountQuote;
    },
    get amountQuoteIn() {
      return all().amountQuoteIn;
    },
    get amountQuoteOut() {
      return all().amountQuoteOut;
    },
    get pnl() {
      return all().pnl;
    },
    get roi() {
      return all().roi;
    },
    get gain() {
      return all().gain;
    },
    get decreasePriceLevels() {
      return all().decreasePriceLevels;
    },
    actions,
  };
}
