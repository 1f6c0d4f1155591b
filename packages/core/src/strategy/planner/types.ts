/**
 * What the dashboard tells the operator (docs/strategy.md#planner). Times are epoch ms, prices and amounts
 * decimal strings, percentages plain numbers with 2 dp.
 */
/** 'requirement': the gain requirement; 'strong-state': the window's change to state −2. */
export type IncreasePriceSetBy = 'requirement' | 'strong-state';

export interface IncreasePlan {
  /** canIncrease of the strategy. */
  enabled: boolean;
  /** 'open' when no position is active, else 'add'. */
  action: 'open' | 'add';
  /** A reversal event at this tick would place an order. */
  canIncrease: boolean;
  /** Why not (an IncreaseNoneReason other than 'no-reversal-event'), null when it would. */
  reason: string | null;
  /**
   * Earliest time the idle gate allows an increase: `now` when its wait has passed, else the first
   * millisecond after it (the gate is strict). Later than the plan's `now` exactly when `reason`
   * is 'idle'.
   */
  time: number;
  /**
   * The price an increase waits for: the current price moved by `priceChange` (2 dp half up);
   * null when nothing asks for a lower price.
   */
  price: string | null;
  /** The change (%) from the current price: the larger drop of the two constraints; null with price. */
  priceChange: number | null;
  /** Which constraint sets the price: the gain requirement or the window's strong state; null with price. */
  priceSetBy: IncreasePriceSetBy | null;
  /** The configured increase amount (quote). */
  amountQuote: string;
  /** BTC that amount buys at the current price (5 dp, down). */
  amountBase: string;
  /** Quote to deposit to buy the configured amount: max(0, amountQuote − free quote). */
  missingQuote: string;
  /** Change the window still needs for state −2 (which starts a crash state), null when there. */
  strongStateChange: number | null;
}

export interface DecreaseLevelPlan {
  gainRequirement: number;
  percentage: number;
  /** Price from which this level is active (2 dp, up). */
  price: string;
  /** When this level may sell again (the first ms past its wait), null when it may now. */
  idleUntil: number | null;
}

export interface DecreasePlan {
  /** canDecrease of the strategy. */
  enabled: boolean;
  /** A tick now (with the current window state) would sell. */
  canDecrease: boolean;
  /** Why not (a DecreaseNoneReason), null when it would. */
  reason: string | null;
  /** The level the next automatic sell uses: the active one, or 0 while the gain is under level 1. */
  level: number;
  /**
   * Earliest time that level and the 1-minute global wait allow a sell: `now`, or the first ms past
   * the later wait. Later than the plan's `now` whenever `reason` is 'level-idle' or 'global-idle'.
   */
  time: number;
  /** Price at which that level sells: its level price, or the current price when above it. */
  price: string;
  /** pct(current price, price), ≥ 0. */
  priceChange: number;
  /** Share of the position that level sells (%). */
  percentage: number;
  /** BTC that sell wants at `price` before the balance cap (5 dp, down). */
  amountBase: string;
  /** BTC missing from the free balance for that sell: max(0, amountBase − free base). */
  missingBase: string;
  /** The 5 levels with their prices and waits. */
  levels: DecreaseLevelPlan[];
  /** Change the window still needs for state 2 (which allows sells), null when there. */
  strongStateChange: number | null;
}

/** The increase plan always; the decrease plan only for an active position. */
export interface Plan {
  /** The time the plan is made for (the tick's time; the replay's time on the simulator). */
  now: number;
  increase: IncreasePlan;
  decrease: DecreasePlan | null;
}
