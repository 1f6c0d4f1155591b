import { CodedError } from '../errors/coded-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** No leading zeros, so one integer has one spelling; 31 digits keep 'bal-n' + digits ≤ 36 chars. */
const INTEGER = /^(?:0|[1-9]\d{0,30})$/;

/** Binance's rule for newClientOrderId; the ids made here always match it. */
export const CLIENT_ORDER_ID_PATTERN = /^[.A-Z:/a-z0-9_-]{1,36}$/;

/**
 * The client order id of a transaction: 'bal-' + the UUID's 32 hex digits (lower case) for a UUID
 * id, 'bal-n' + the digits for an integer id. The 'n' is not a hex digit, so the two forms never
 * collide, and each is at most 36 characters.
 *
 * `attempt` is accepted and deliberately ignored: every attempt of one transaction sends the SAME
 * id. The exchange refuses (or the adapter returns) an order whose client id already exists, so a
 * retry after a timeout or a restart can never place a second order; an id that changed per
 * attempt would defeat exactly that.
 */
export function clientOrderIdFor(transactionId: string | number, attempt?: number): string {
  if (attempt !== undefined && (!Number.isSafeInteger(attempt) || attempt < 0)) {
    throw new CodedError('INVALID_TRANSACTION_INPUT', `attempt ${String(attempt)}`);
  }
  if (typeof transactionId === 'number') {
    if (!Number.isSafeInteger(transactionId) || transactionId < 0) {
      throw new CodedError('INVALID_TRANSACTION_ID', String(transactionId));
    }
    return `bal-n${transactionId}`;
  }
  if (typeof transactionId !== 'string') {
    throw new CodedError(
      'INVALID_TRANSACTION_ID',
      `expected a string or number, got ${typeof transactionId}`,
    );
  }
  if (UUID.test(transactionId)) return `bal-${transactionId.replaceAll('-', '').toLowerCase()}`;
  if (INTEGER.test(transactionId)) return `bal-n${transactionId}`;
  throw new CodedError('INVALID_TRANSACTION_ID', JSON.stringify(transactionId).slice(0, 80));
}
