import { describe, expect, it } from 'vitest';
import { codeOf } from '../testing/code-of.js';
import { applyConfirmation, reconcile } from './confirmation.js';
import { applyExecution } from './execution.js';
import { startTransaction } from './start.js';
import { BALANCES, order, rejectError, retryError, snapshot, TX_ID } from './testing.js';
import type { Transaction } from './types.js';

const start = (): Transaction =>
  startTransaction({ id: TX_ID, side: 'BUY', amount: '0.01' }, BALANCES, 1_000);
const afterRetry = () => applyExecution(start(), retryError, 2_000).transaction;
const placed = () => applyExecution(start(), { ok: true, order: order('NEW') }, 2_000).transaction;

describe('reconcile (start-up)', () => {
  it.each([
    ['crash before placing, nothing at the exchange', start, null, 'PROCESSING', 'place'],
    ['timeout, nothing at the exchange', afterRetry, null, 'PROCESSING', 'place'],
    ['timeout, the order filled after all', afterRetry, order('FILLED', '0.01'), 'SUCCEEDED', 'done'],
    ['placed, now filled', placed, order('FILLED', '0.01'), 'SUCCEEDED', 'done'],
    ['placed, expired part-filled', placed, order('EXPIRED', '0.002'), 'SUCCEEDED', 'done'],
    ['placed, rejected with no fill', placed, order('REJECTED'), 'FAILED', 'done'],
    ['placed, still open', placed, order('PARTIALLY_FILLED', '0.002'), 'PROCESSING', 'confirm-later'],
    ['placed, no longer found', placed, null, 'PROCESSING', 'confirm-later'],
  ] as const)('%s → %s, %s', (_name, make, observed, status, next) => {
    const tx = make();
    const before = snapshot(tx);
    const step = reconcile(tx, observed, 50_000);
    expect(step.next).toBe(next);
    expect(step.transaction.status).toBe(status);
    expect(step.transaction.logs.at(-1)).toMatchObject({
      action: 'CONFIRMATION',
      eventTime: 50_000,
      outcome: status === 'SUCCEEDED',
      payload: { order: observed, balances: null, reconciled: true },
    });
    expect(snapshot(tx)).toBe(before);
  });

  it('fails when the 6 attempts are used up and the exchange has nothing', () => {
    let tx = start();
    for (let attempt = 1; attempt <= 5; attempt++) {
      tx = applyExecution(tx, retryError, attempt * 10).transaction;
      tx = applyConfirmation(tx, null, BALANCES, attempt * 10 + 5).transaction;
    }
    tx = applyExecution(tx, retryError, 100).transaction; // attempt 6, then the crash
    const step = reconcile(tx, null, 200);
    expect(step).toMatchObject({ next: 'done', transaction: { status: 'FAILED', attempts: 6 } });
  });

  it('fails, never places, after a definite rejection recorded on a PROCESSING transaction', () => {
    // A store written by an older engine could hold this; applyExecution itself fails at once.
    const rejected = {
      ...applyExecution(start(), rejectError, 2_000).transaction,
      status: 'PROCESSING' as const,
    };
    expect(reconcile(rejected, null, 3_000)).toMatchObject({
      next: 'done',
      transaction: { status: 'FAILED' },
    });
  });

  it('refuses finished transactions and malformed input', () => {
    const done = reconcile(placed(), order('FILLED', '0.01'), 3_000).transaction;
    expect(codeOf(() => reconcile(done, null, 4_000))).toBe(3523);
    expect(codeOf(() => reconcile(placed(), null, -1))).toBe(3521);
    expect(codeOf(() => reconcile({ ...placed(), clientOrderId: 'bal-n9' }, null, 1))).toBe(3520);
    expect(codeOf(() => reconcile({ ...placed(), logs: [] }, null, 1))).toBe(3520);
  });
});
