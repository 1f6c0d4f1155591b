import { CodedError } from '../errors/coded-error.js';
import { parseWith } from '../validation/parse.js';
import { checkOrderMatches } from './order-outcome.js';
import { executionResultSchema, timeSchema } from './schemas.js';
import { nextStep, readOpenTransaction, withLog } from './state.js';
import type { ExecutionResult, Transaction, TransactionStep } from './types.js';

/**
 * Records one placement (an EXECUTION log; attempts + 1). Only allowed while the transaction waits
 * for `place`: once an order was observed, a second placement throws TRANSACTION_OUT_OF_ORDER.
 * A `reject` error fails the transaction at once; anything else (the order, or a `retry`/`alert`
 * error whose outcome may be unknown) waits for a confirmation by client order id.
 */
export function applyExecution(input: Transaction, result: ExecutionResult, now: number): TransactionStep {
  const tx = readOpenTransaction(input);
  const checked = parseWith(executionResultSchema, result, 'INVALID_TRANSACTION_INPUT');
  const eventTime = parseWith(timeSchema, now, 'INVALID_TRANSACTION_INPUT');
  const waiting = nextStep(tx);
  if (waiting !== 'place') throw new CodedError('TRANSACTION_OUT_OF_ORDER', `${tx.id} waits for ${waiting}`);
  const attempts = tx.attempts + 1;
  if (checked.ok) {
    checkOrderMatches(tx, checked.order);
    const log = { action: 'EXECUTION' as const, outcome: true, eventTime, payload: { order: checked.order } };
    return { transaction: withLog(tx, log, { attempts }), next: 'confirm-later' };
  }
  const { code, recovery, message } = checked.error;
  const log = {
    action: 'EXECUTION' as const,
    outcome: false,
    eventTime,
    error: message,
    payload: { code, recovery },
  };
  if (recovery === 'reject')
    return { transaction: withLog(tx, log, { attempts, status: 'FAILED' }), next: 'done' };
  return { transaction: withLog(tx, log, { attempts }), next: 'confirm-later' };
}
