export { CLIENT_ORDER_ID_PATTERN, clientOrderIdFor } from './client-order-id.js';
export { applyConfirmation, reconcile } from './confirmation.js';
export { applyExecution } from './execution.js';
export { orderOutcome } from './order-outcome.js';
export { startTransaction } from './start.js';
export { nextStep, orderObserved, readTransaction } from './state.js';
export {
  type ExecutionResult,
  MAX_ATTEMPTS,
  type NextStep,
  type ObservedFill,
  type ObservedOrder,
  type ObservedOrderStatus,
  type Transaction,
  type TransactionAction,
  type TransactionBalances,
  type TransactionInput,
  type TransactionLog,
  type TransactionSide,
  type TransactionStatus,
  type TransactionStep,
} from './types.js';
