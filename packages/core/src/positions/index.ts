export { assertPositionActions, EMPTY_ACTIONS } from './actions.js';
export { computePosition } from './compute.js';
export { groupTradesIntoPositions } from './group.js';
export { decreaseLevelPrice } from './levels.js';
export { validateManualTrades } from './manual.js';
export { compareTrades, parseTrades, sortTrades, tradeSchema } from './trade-schema.js';
export type { Position, PositionAction, PositionActions, Trade } from './types.js';
