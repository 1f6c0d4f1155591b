export { assertPositionActions, EMPTY_ACTIONS } from './actions.js';
export { actionsFromOrders, type ExecutedOrder } from './actions-from.js';
export { assignTrades, type TradeAssignment } from './assign.js';
export { computePosition, positionFromLedger } from './compute.js';
export {
  EQUITY_RANGES,
  EQUITY_WINDOWS,
  type EquityRange,
  type EquitySample,
  equitySample,
} from './equity.js';
export { groupTradesIntoPositions } from './group.js';
export { decreaseLevelPrice } from './levels.js';
export { validateManualTrades } from './manual.js';
export {
  addParsedTrade,
  addTrades,
  EMPTY_POSITION_LEDGER,
  isLedgerClosed,
  ledgerEntryPrice,
  ledgerHeldAmount,
  type PositionLedger,
  type TradeAmounts,
  tradeAmounts,
} from './position-ledger.js';
export { compareTrades, parseTrades, sortTrades, tradeSchema } from './trade-schema.js';
export type { Position, PositionAction, PositionActions, Trade } from './types.js';
