import { CodedError } from '../errors/coded-error.js';
import { parseWith } from '../validation/parse.js';
import { clientOrderIdFor } from './client-order-id.js';
import { transactionSchema } from './schemas.js';
import { MAX_ATTEMPTS, type NextStep, type Transaction, type TransactionLog } from './types.js';

/**
 * Reads and checks a stored transaction: the schema, the client order id derived from its id, and
 * logs that start with INITIAL_BALANCES and count `attempts` EXECUTION entries. Returns a copy.
 */
export function readTransaction(input: unknown): Transaction {
  const tx = parseWith(transactionSchema, input, 'INVALID_TRANSACTION') as Transaction;
  if (tx.clientOrderId !== clientOrderIdFor(tx.id)) {
    throw new CodedError(
      'INVALID_TRANSACTION',
      `clientOrderId ${tx.clientOrderId} does not match id ${tx.id}`,
    );
  }
  if (tx.logs[0]?.action !== 'INITIAL_BALANCES') {
    throw new CodedError('INVALID_TRANSACTION', 'logs must start with INITIAL_BALANCES');
  }
  const executions = tx.logs.filter((log) => log.action === 'EXECUTION').length;
  if (executions !== tx.attempts) {
    throw new CodedError('INVALID_TRANSACTION', `attempts ${tx.attempts} but ${executions} EXECUTION logs`);
  }
  return tx;
}

/** Reads a transaction that may still move; a SUCCEEDED or FAILED one throws TRANSACTION_FINISHED. */
export function readOpenTransaction(input: unknown): Transaction {
  const tx = readTransaction(input);
  if (tx.status !== 'PROCESSING') throw new CodedError('TRANSACTION_FINISHED', `${tx.id} is ${tx.status}`);
  return tx;
}

function payloadField(log: TransactionLog, key: string): unknown {
  const payload = log.payload;
  return typeof payload === 'object' && payload !== null
    ? (payload as Record<string, unknown>)[key]
    : undefined;
}

/**
 * True once any step saw an order with our client order id at the exchange (a successful
 * placement, or a look-up that found it). From then on the order is never placed again.
 */
export function orderObserved(tx: Transaction): boolean {
  return tx.logs.some((log) => {
    const order = payloadField(log, 'order');
    return typeof order === 'object' && order !== null;
  });
}

/** True when the last placement was refused by the exchange for good (recovery `reject`). */
export function lastExecutionRejected(tx: Transaction): boolean {
  const last = tx.logs.findLast((log) => log.action === 'EXECUTION');
  return last !== undefined && !last.outcome && payloadField(last, 'recovery') === 'reject';
}

/** CONFIRMATION entries so far (look-ups, including start-up reconciliation). */
export function confirmationCount(tx: Transaction): number {
  return tx.logs.filter((log) => log.action === 'CONFIRMATION').length;
}

/**
 * What a stored transaction waits for. Finished → done; after an EXECUTION → confirm-later (the
 * order's fate is read by client order id, even after an error: a timeout may hide a placed
 * order); otherwise place, unless an order was already observed.
 */
export function nextStep(input: Transaction): NextStep {
  const tx = readTransaction(input);
  if (tx.status !== 'PROCESSING') return 'done';
  const last = tx.logs[tx.logs.length - 1] as TransactionLog;
  if (last.action === 'EXECUTION' || orderObserved(tx)) return 'confirm-later';
  return tx.attempts < MAX_ATTEMPTS ? 'place' : 'confirm-later';
}

/** A copy of `tx` with `log` appended and the given changes. */
export function withLog(
  tx: Transaction,
  log: TransactionLog,
  changes: Partial<Transaction> = {},
): Transaction {
  return { ...tx, ...changes, logs: [...tx.logs, log] };
}
