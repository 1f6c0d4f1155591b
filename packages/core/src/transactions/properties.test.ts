import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCodedError } from '../errors/coded-error.js';
import { CLIENT_ORDER_ID_PATTERN } from './client-order-id.js';
import { applyConfirmation, reconcile } from './confirmation.js';
import { applyExecution } from './execution.js';
import { startTransaction } from './start.js';
import { BALANCES, order, snapshot } from './testing.js';
import { type ExecutionResult, MAX_ATTEMPTS, type ObservedOrder, type Transaction } from './types.js';

const statuses = ['NEW', 'PARTIALLY_FILLED', 'FILLED', 'CANCELED', 'REJECTED', 'EXPIRED'] as const;

/** One event the engine may feed: a placement result, a confirmation or a restart's reconcile. */
const eventArb = fc.oneof(
  fc.record({
    kind: fc.constant('execute' as const),
    ok: fc.boolean(),
    status: fc.constantFrom(...statuses),
  }),
  fc.record({
    kind: fc.constantFrom('confirm' as const, 'reconcile' as const),
    found: fc.boolean(),
    status: fc.constantFrom(...statuses),
    filled: fc.constantFrom('0', '0.004', '0.01'),
  }),
  fc.record({ kind: fc.constant('error' as const), recovery: fc.constantFrom('retry', 'alert', 'reject') }),
);

function observedFor(tx: Transaction, status: ObservedOrder['status'], filled: string): ObservedOrder {
  return order(status, status === 'NEW' ? '0' : filled, tx.clientOrderId);
}

describe('transaction machine properties', () => {
  it('never places after an order was observed, never exceeds 6 attempts, never changes a finished one', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.uuid(), fc.nat().map(String)),
        fc.array(eventArb, { maxLength: 40 }),
        (id, events) => {
          let tx = startTransaction({ id, side: 'BUY', amount: '0.01' }, BALANCES, 0);
          let seen = false;
          events.forEach((event, index) => {
            const before = snapshot(tx);
            const now = index + 1;
            try {
              if (event.kind === 'execute' || event.kind === 'error') {
                const result: ExecutionResult =
                  event.kind === 'execute'
                    ? { ok: true, order: observedFor(tx, event.status, '0') }
                    : { ok: false, error: { code: 5000, recovery: event.recovery, message: 'e' } };
                const step = applyExecution(tx, result, now);
                // a placement was accepted: it must not come after an observed order
                expect(seen).toBe(false);
                if (result.ok) seen = true;
                tx = step.transaction;
              } else {
                const observed = event.found ? observedFor(tx, event.status, event.filled) : null;
                const step =
                  event.kind === 'confirm'
                    ? applyConfirmation(tx, observed, BALANCES, now)
                    : reconcile(tx, observed, now);
                if (observed) seen = true;
                if (seen) expect(step.next).not.toBe('place');
                tx = step.transaction;
              }
            } catch (error) {
              // refused steps are coded and leave the transaction untouched
              expect(isCodedError(error)).toBe(true);
              expect(snapshot(tx)).toBe(before);
              if (tx.status !== 'PROCESSING') expect((error as { code: number }).code).toBe(3523);
            }
            expect(tx.attempts).toBeLessThanOrEqual(MAX_ATTEMPTS);
            if (JSON.parse(before).status !== 'PROCESSING') expect(snapshot(tx)).toBe(before);
            expect(JSON.parse(snapshot(tx))).toEqual(tx);
            expect(tx.clientOrderId).toMatch(CLIENT_ORDER_ID_PATTERN);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
