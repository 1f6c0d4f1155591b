/**
 * The shared shapes of the market state (docs/strategy.md#window). A state is an integer from −2 to 2:
 * 2 increasing strongly, 1 increasing, 0 sideways, −1 decreasing, −2 decreasing strongly.
 */
export type MarketStateValue = -2 | -1 | 0 | 1 | 2;

/** The eight splits of a window, longest first; sNN covers the most recent NN % of the values. */
export type SplitId = 's100' | 's75' | 's50' | 's25' | 's15' | 's10' | 's5' | 's2';

/** The split ids in order, s100 … s2 (the order of every per-split array in this module). */
export const SPLIT_IDS: readonly SplitId[] = Object.freeze([
  's100',
  's75',
  's50',
  's25',
  's15',
  's10',
  's5',
  's2',
]);

/** One split: its state and its change in % from first to last value (2 dp, half up). */
export interface SplitState {
  state: MarketStateValue;
  change: number;
}

/** A window's overall state and its eight split states. */
export interface WindowState {
  state: MarketStateValue;
  splitStates: Record<SplitId, SplitState>;
}

/** The requirements a window state is measured against, in % (each 0.01–100, requirement < strong). */
export interface StateRequirements {
  requirement: number;
  strongRequirement: number;
}
