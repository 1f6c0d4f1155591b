import { describe, expect, it } from 'vitest';
import { logActionLabel, outcomeClassName, statusView, transactionTitle } from './transaction-status';

describe('transaction status', () => {
  it('maps the final states to their wording and everything else to processing', () => {
    expect(statusView('SUCCEEDED')).toEqual({
      label: 'Executed successfully',
      tone: 'success',
      processing: false,
    });
    expect(statusView('FAILED')).toEqual({ label: 'Failed to execute', tone: 'failure', processing: false });
    expect(statusView('PROCESSING')).toEqual({ label: 'Processing...', tone: 'pending', processing: true });
    expect(statusView('SOMETHING_NEW').processing).toBe(true);
  });

  it('titles by side and colours outcomes', () => {
    expect(transactionTitle('BUY')).toBe('Increase Transaction');
    expect(transactionTitle('SELL')).toBe('Decrease Transaction');
    expect(outcomeClassName(true)).toBe('text-increase');
    expect(outcomeClassName(false)).toBe('text-decrease');
    expect(logActionLabel('INITIAL_BALANCES')).toBe('Initial balances');
    expect(logActionLabel('OTHER')).toBe('OTHER');
  });
});
