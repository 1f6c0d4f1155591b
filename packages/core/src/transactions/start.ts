import { parseWith } from '../validation/parse.js';
import { clientOrderIdFor } from './client-order-id.js';
import { balancesSchema, timeSchema, transactionInputSchema } from './schemas.js';
import type { Transaction, TransactionBalances, TransactionInput } from './types.js';

/**
 * A new transaction, PROCESSING with one INITIAL_BALANCES log holding the balances the decision
 * used. Its next step is always `place`.
 */
export function startTransaction(
  input: TransactionInput,
  balances: TransactionBalances,
  now: number,
): Transaction {
  const { id, side, amount } = parseWith(transactionInputSchema, input, 'INVALID_TRANSACTION_INPUT');
  const checkedBalances = parseWith(balancesSchema, balances, 'INVALID_TRANSACTION_INPUT');
  const eventTime = parseWith(timeSchema, now, 'INVALID_TRANSACTION_INPUT');
  return {
    id,
    side,
    amount,
    status: 'PROCESSING',
    attempts: 0,
    eventTime,
    clientOrderId: clientOrderIdFor(id),
    logs: [{ action: 'INITIAL_BALANCES', outcome: true, eventTime, payload: { balances: checkedBalances } }],
  };
}
