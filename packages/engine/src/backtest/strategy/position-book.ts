import {
  addParsedTrade,
  appendDecrease,
  appendIncrease,
  copyActions,
  EMPTY_ACTIONS,
  EMPTY_POSITION_LEDGER,
  type Fixed,
  fixedText,
  fixedToNumber,
  isLedgerClosed,
  laterDecreaseIdleEnd,
  ledgerEntryPrice,
  ledgerHeldAmount,
  type Position,
  type PositionActions,
  type PositionLedger,
  positionFromLedger,
  type StrategyConfig,
  type Trade,
  type TradeAmounts,
  tradeAmounts,
} from '@balancer/core';

/**
 * The strategy's positions during a backtest, kept the way the live engine keeps them: the
 * active position is core's position of its trades (`positionFromLedger` over a ledger each fill
 * is added to, which equals `computePosition` over the trades without re-reading them) with the
 * actions core's `appendIncrease` / `appendDecrease` record, at the price of the latest fill. The
 * ledger is core's (exact scaled integers), and a fill adds the exchange's exact amounts
 * (`addParsedTrade`), a few integer operations instead of reading its strings again. It
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
  /** The bought cost the entry price was computed from, and its text (it changes only on buys). */
  private entryCost: Fixed | null = null;
  private entryText = '';
  /** `globalDecreaseIdleEnd` of the active position's actions, folded sell by sell (null: none yet). */
  decreaseIdleEnd: number | null = null;
  /** The active position's entry price, exact (null without a position). */
  entryPrice: Fixed | null = null;

  constructor(private readonly strategy: StrategyConfig) {}

  /** Whether a position is active (without computing it: `position` is then not null). */
  get isOpen(): boolean {
    return this.ledger.first !== null;
  }

  /** The active position's open time (ms): its first buy's (only while `isOpen`). */
  get openTime(): number {
    return this.ledger.first!.time;
  }

  /** The BTC the active position holds, exact: the value of its `amount` (0 without one). */
  get heldAmount(): Fixed {
    return ledgerHeldAmount(this.ledger);
  }

  /** The active position, or null. */
  get position(): Position | null {
    if (this.stale) {
      this.current = new DecisionPosition(
        this.ledger,
        this.fillPrice,
        this.strategy,
        this.actions,
        this.entryText,
      );
      this.stale = false;
    }
    return this.current;
  }

  /** Records a filled buy (an open or an add); `parts`: its amounts, exact, when the caller has them. */
  onBuy(trade: Trade, parts: TradeAmounts = tradeAmounts(trade)): void {
    appendIncrease(this.ownActions(), trade.id, trade.time, this.strategy);
    this.add(trade, parts);
  }

  /** Records a filled sell of decrease `level` (0–4, or −1 for a sell of no level). */
  onSell(trade: Trade, level: number, parts: TradeAmounts = tradeAmounts(trade)): void {
    const recorded = appendDecrease(this.ownActions(), level, trade.id, trade.time, this.strategy);
    if (recorded !== null) this.decreaseIdleEnd = laterDecreaseIdleEnd(this.decreaseIdleEnd, recorded);
    this.add(trade, parts);
  }

  /**
   * The active position's actions as an object of the book's own, which fills append to (core's
   * appendIncrease / appendDecrease): core's recordIncrease / recordDecrease copy every list on
   * each fill (immutable snapshots) and check them all again, which costs a long position's every
   * sell as much as all its fills. Nothing keeps an earlier state: a decision reads the actions
   * while it runs, the final positions the last state.
   */
  private ownActions(): PositionActions {
    if (this.actions === EMPTY_ACTIONS) {
      this.actions = copyActions(EMPTY_ACTIONS);
    }
    return this.actions;
  }

  private add(trade: Trade, parts: TradeAmounts): void {
    const opens = this.ledger.first === null;
    this.ledger = addParsedTrade(this.ledger, trade, parts);
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
      this.entryCost = null;
      this.entryPrice = null;
      this.decreaseIdleEnd = null;
    } else {
      this.stale = true;
      this.fillPrice = trade.price;
      if (this.ledger.boughtCost !== this.entryCost) {
        this.entryCost = this.ledger.boughtCost;
        this.entryPrice = ledgerEntryPrice(this.ledger);
        this.entryText = fixedText(this.entryPrice);
        // The double nearest the exact entry price, as Decimal#toNumber gives it.
        this.entry = fixedToNumber(this.entryPrice);
      }
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
 * computed now and the rest on first read (a ledger with a first buy, as the book keeps it);
 * `entryPrice` is `ledgerEntryPrice(…).toFixed()`, which the book keeps. A class, so that
 * the lazy fields are getters on its prototype rather than closures made for every decision.
 */
class DecisionPosition implements Position {
  readonly open: number;
  readonly close: number | null;
  readonly amount: string;
  #whole: Position | null = null;

  constructor(
    private readonly ledger: PositionLedger,
    private readonly price: string,
    private readonly strategy: StrategyConfig,
    readonly actions: PositionActions,
    readonly entryPrice: string,
  ) {
    this.open = ledger.first!.time;
    this.close = isLedgerClosed(ledger) ? ledger.last!.time : null;
    this.amount = fixedText(ledgerHeldAmount(ledger));
  }

  #all(): Position {
    this.#whole ??= positionFromLedger(this.ledger, this.price, this.strategy, this.actions);
    return this.#whole;
  }

  get amountQuote() {
    return this.#all().amountQuote;
  }
  get amountQuoteIn() {
    return this.#all().amountQuoteIn;
  }
  get amountQuoteOut() {
    return this.#all().amountQuoteOut;
  }
  get pnl() {
    return this.#all().pnl;
  }
  get roi() {
    return this.#all().roi;
  }
  get gain() {
    return this.#all().gain;
  }
  get decreasePriceLevels() {
    return this.#all().decreasePriceLevels;
  }
}
