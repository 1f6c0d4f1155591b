import { parseWith } from '../validation/parse.js';
import { checkOrderMatches, orderOutcome } from './order-outcome.js';
import { balancesSchema, observedOrderSchema, timeSchema } from './schemas.js';
import {
  confirmationCount,
  lastExecutionRejected,
  orderObserved,
  readOpenTransaction,
  withLog,
} from './state.js';
import {
  MAX_ATTEMPTS,
  type ObservedOrder,
  type Transaction,
  type TransactionBalances,
  type TransactionLog,
  type TransactionStep,
} from './types.js';

/**
 * Records a look-up of the order by client order id (a CONFIRMATION log) and decides what follows:
 * - the order is filled (see orderOutcome) → SUCCEEDED, done;
 * - the order closed with nothing filled → FAILED, done;
 * - the order is still open, or the exchange no longer shows an order we saw before → look again
 *   (confirm-later); an observed order is NEVER placed again;
 * - no order, never seen → place again while attempts < MAX_ATTEMPTS and the last placement was
 *   not a definite rejection, else FAILED.
 * Look-ups are capped too: the MAX_ATTEMPTS-th CONFIRMATION that settles nothing fails the
 * transaction, so a stuck order cannot keep it PROCESSING for ever (trade sync still records any
 * fill that shows up later).
 */
export function applyConfirmation(
  tx: Transaction,
  observed: ObservedOrder | null,
  balancesAfter: TransactionBalances,
  now: number,
): TransactionStep {
  const balances = parseWith(balancesSchema, balancesAfter, 'INVALID_TRANSACTION_INPUT');
  return confirm(tx, observed, now, { balances });
}

/**
 * Start-up reconciliation of a PROCESSING transaction with what the exchange holds under its
 * client order id (null: nothing). Same rules as applyConfirmation; the log is marked `reconciled`
 * and carries no balances.
 */
export function reconcile(tx: Transaction, observed: ObservedOrder | null, now: number): TransactionStep {
  return confirm(tx, observed, now, { balances: null, reconciled: true });
}

function confirm(
  input: Transaction,
  observedInput: ObservedOrder | null,
  now: number,
  extra: { balances: TransactionBalances | null; reconciled?: true },
): TransactionStep {
  const tx = readOpenTransaction(input);
  const eventTime = parseWith(timeSchema, now, 'INVALID_TRANSACTION_INPUT');
  const observed =
    observedInput === null
      ? null
      : parseWith(observedOrderSchema, observedInput, 'INVALID_TRANSACTION_INPUT');
  if (observed !== null) checkOrderMatches(tx, observed);
  const log = (outcome: boolean, error?: string): TransactionLog => ({
    action: 'CONFIRMATION',
    outcome,
    eventTime,
    ...(error === undefined ? {} : { error }),
    payload: { order: observed, ...extra },
  });
  const finish = (status: 'SUCCEEDED' | 'FAILED', error?: string): TransactionStep => ({
    transaction: withLog(tx, log(status === 'SUCCEEDED', error), { status }),
    next: 'done',
  });
  const lookupsExhausted = confirmationCount(tx) + 1 >= MAX_ATTEMPTS;

  if (observed !== null) {
    const outcome = orderOutcome(observed);
    if (outcome === 'filled') return finish('SUCCEEDED');
    if (outcome === 'failed') return finish('FAILED', `order ${observed.status} with nothing filled`);
    if (lookupsExhausted)
      return finish('FAILED', `order still ${observed.status} after ${MAX_ATTEMPTS} look-ups`);
    return { transaction: withLog(tx, log(false, `order ${observed.status}`)), next: 'confirm-later' };
  }
  if (orderObserved(tx)) {
    if (lookupsExhausted) return finish('FAILED', 'the exchange no longer reports the order seen before');
    return {
      transaction: withLog(tx, log(false, 'order seen before, not found now')),
      next: 'confirm-later',
    };
  }
  if (lastExecutionRejected(tx)) return finish('FAILED', 'the exchange rejected the order');
  if (tx.attempts >= MAX_ATTEMPTS || lookupsExhausted) {
    return finish('FAILED', `no order at the exchange after ${tx.attempts} attempts`);
  }
  return { transaction: withLog(tx, log(false, 'no order at the exchange')), next: 'place' };
}
