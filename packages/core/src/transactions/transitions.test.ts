import { describe, expect, it } from 'vitest';
import { codeOf } from '../testing/code-of.js';
import { applyConfirmation } from './confirmation.js';
import { applyExecution } from './execution.js';
import { startTransaction } from './start.js';
import { nextStep } from './state.js';
import { BALANCES, CLIENT_ID, order, rejectError, retryError, snapshot, TX_ID } from './testing.js';
import type { Transaction } from './types.js';

const start = (): Transaction =>
  startTransaction({ id: TX_ID, side: 'BUY', amount: '0.01' }, BALANCES, 1_000);

describe('startTransaction', () => {
  it('opens PROCESSING with an INITIAL_BALANCES log and waits for place', () => {
    const tx = start();
    expect(tx).toEqual({
      id: TX_ID,
      side: 'BUY',
      amount: '0.01',
      status: 'PROCESSING',
      attempts: 0,
      eventTime: 1_000,
      clientOrderId: CLIENT_ID,
      logs: [
        { action: 'INITIAL_BALANCES', outcome: true, eventTime: 1_000, payload: { balances: BALANCES } },
      ],
    });
    expect(nextStep(tx)).toBe('place');
    expect(JSON.parse(JSON.stringify(tx))).toEqual(tx);
  });

  it.each([
    [{ id: TX_ID, side: 'BUY', amount: '0' }, BALANCES, 1],
    [{ id: TX_ID, side: 'BUY', amount: 'NaN' }, BALANCES, 1],
    [{ id: TX_ID, side: 'BUY', amount: '-1' }, BALANCES, 1],
    [{ id: TX_ID, side: 'HOLD', amount: '1' }, BALANCES, 1],
    [{ id: TX_ID, side: 'BUY', amount: '1' }, { BTC: '-1' }, 1],
    [{ id: TX_ID, side: 'BUY', amount: '1' }, BALANCES, Number.NaN],
  ])('rejects malformed input %j %j %s', (input, balances, now) => {
    expect(codeOf(() => startTransaction(input as never, balances, now))).toBe(3521);
  });

  it('rejects an id that cannot make a client order id', () => {
    expect(codeOf(() => startTransaction({ id: 'x y', side: 'BUY', amount: '1' }, BALANCES, 1))).toBe(3522);
  });
});

describe('applyExecution', () => {
  it('a placed order adds a true EXECUTION log, attempts 1, then waits for confirmation', () => {
    const tx = start();
    const before = snapshot(tx);
    const step = applyExecution(tx, { ok: true, order: order('FILLED', '0.01') }, 2_000);
    expect(step.next).toBe('confirm-later');
    expect(step.transaction.attempts).toBe(1);
    expect(step.transaction.status).toBe('PROCESSING');
    expect(step.transaction.logs[1]).toEqual({
      action: 'EXECUTION',
      outcome: true,
      eventTime: 2_000,
      payload: { order: order('FILLED', '0.01') },
    });
    expect(snapshot(tx)).toBe(before);
  });

  it('a retry error (outcome unknown) waits for a look-up, not a second placement', () => {
    const step = applyExecution(start(), retryError, 2_000);
    expect(step.next).toBe('confirm-later');
    expect(step.transaction.logs[1]).toEqual({
      action: 'EXECUTION',
      outcome: false,
      eventTime: 2_000,
      error: 'timeout',
      payload: { code: 5001, recovery: 'retry' },
    });
  });

  it('a reject error fails the transaction at once', () => {
    const step = applyExecution(start(), rejectError, 2_000);
    expect(step).toMatchObject({ next: 'done', transaction: { status: 'FAILED', attempts: 1 } });
  });

  it('refuses to place twice without a look-up between', () => {
    const placed = applyExecution(start(), retryError, 2_000).transaction;
    expect(codeOf(() => applyExecution(placed, retryError, 3_000))).toBe(3524);
  });

  it('refuses an order with another client id', () => {
    const other = order('FILLED', '1', 'bal-n1');
    expect(codeOf(() => applyExecution(start(), { ok: true, order: other }, 2_000))).toBe(3525);
  });

  it('refuses a finished transaction, a malformed one and a malformed result', () => {
    const failed = applyExecution(start(), rejectError, 2_000).transaction;
    expect(codeOf(() => applyExecution(failed, retryError, 3_000))).toBe(3523);
    expect(codeOf(() => applyExecution({ ...start(), status: 'DONE' } as never, retryError, 3_000))).toBe(
      3520,
    );
    expect(codeOf(() => applyExecution({ ...start(), amount: '1e' }, retryError, 3_000))).toBe(3520);
    expect(codeOf(() => applyExecution({ ...start(), attempts: 2 }, retryError, 3_000))).toBe(3520);
    expect(codeOf(() => applyExecution(start(), { ok: 'yes' } as never, 3_000))).toBe(3521);
  });
});

describe('applyConfirmation', () => {
  const placed = () => applyExecution(start(), { ok: true, order: order('NEW') }, 2_000).transaction;
  const afterRetry = () => applyExecution(start(), retryError, 2_000).transaction;
  const after = { BTC: '0.51', USDT: '700' };

  it.each([
    ['FILLED', '0.01', 'SUCCEEDED', 'done', true, undefined],
    ['EXPIRED', '0.004', 'SUCCEEDED', 'done', true, undefined],
    ['EXPIRED', '0', 'FAILED', 'done', false, 'order EXPIRED with nothing filled'],
    ['REJECTED', '0', 'FAILED', 'done', false, 'order REJECTED with nothing filled'],
    ['PARTIALLY_FILLED', '0.004', 'PROCESSING', 'confirm-later', false, 'order PARTIALLY_FILLED'],
    ['NEW', '0', 'PROCESSING', 'confirm-later', false, 'order NEW'],
  ] as const)('order %s filled %s → %s, %s', (status, filled, txStatus, next, outcome, error) => {
    const tx = placed();
    const before = snapshot(tx);
    const step = applyConfirmation(tx, order(status, filled), after, 12_000);
    expect(step.next).toBe(next);
    expect(step.transaction.status).toBe(txStatus);
    expect(step.transaction.logs).toHaveLength(3);
    expect(step.transaction.logs[2]).toEqual({
      action: 'CONFIRMATION',
      outcome,
      eventTime: 12_000,
      ...(error === undefined ? {} : { error }),
      payload: { order: order(status, filled), balances: after },
    });
    expect(snapshot(tx)).toBe(before);
  });

  it('no order after an unknown outcome → place again, with the same client id', () => {
    const step = applyConfirmation(afterRetry(), null, after, 12_000);
    expect(step.next).toBe('place');
    expect(step.transaction.logs[2]).toMatchObject({ outcome: false, error: 'no order at the exchange' });
    const again = applyExecution(step.transaction, retryError, 13_000).transaction;
    expect(again.attempts).toBe(2);
    expect(again.clientOrderId).toBe(CLIENT_ID);
  });

  it('no order now, but one was seen before → never place, look again', () => {
    const step = applyConfirmation(placed(), null, after, 12_000);
    expect(step.next).toBe('confirm-later');
    expect(codeOf(() => applyExecution(step.transaction, retryError, 13_000))).toBe(3524);
  });

  it('fails after 6 attempts without an order (5 look-ups place again, the 6th fails)', () => {
    let tx = start();
    for (let attempt = 1; attempt <= 6; attempt++) {
      tx = applyExecution(tx, retryError, attempt * 10).transaction;
      const step = applyConfirmation(tx, null, after, attempt * 10 + 5);
      tx = step.transaction;
      expect(step.next).toBe(attempt < 6 ? 'place' : 'done');
    }
    expect(tx.status).toBe('FAILED');
    expect(tx.attempts).toBe(6);
    // 1 INITIAL_BALANCES + 6 × (EXECUTION + CONFIRMATION) = 13 logs
    expect(tx.logs).toHaveLength(13);
  });

  it('fails on the 6th look-up of an order that stays open', () => {
    let step = { transaction: placed(), next: 'confirm-later' as const } as {
      transaction: Transaction;
      next: string;
    };
    for (let lookUp = 1; lookUp <= 6; lookUp++) {
      step = applyConfirmation(step.transaction, order('NEW'), after, 10_000 + lookUp);
      expect(step.next).toBe(lookUp < 6 ? 'confirm-later' : 'done');
    }
    expect(step.transaction.status).toBe('FAILED');
  });

  it('rejects malformed observations and moving a finished transaction', () => {
    expect(codeOf(() => applyConfirmation(placed(), order('DONE' as never), after, 1))).toBe(3521);
    expect(codeOf(() => applyConfirmation(placed(), order('FILLED', '-1'), after, 1))).toBe(3521);
    expect(codeOf(() => applyConfirmation(placed(), order('FILLED'), { BTC: 'x' }, 1))).toBe(3521);
    expect(codeOf(() => applyConfirmation(placed(), order('FILLED', '1', 'bal-n2'), after, 1))).toBe(3525);
    const done = applyConfirmation(placed(), order('FILLED', '0.01'), after, 12_000).transaction;
    expect(codeOf(() => applyConfirmation(done, order('FILLED', '0.01'), after, 13_000))).toBe(3523);
  });
});
