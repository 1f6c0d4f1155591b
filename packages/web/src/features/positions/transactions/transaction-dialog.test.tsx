import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, routeOf } from '../../../testing/render-with-api';
import { transactionFixture } from '../../../testing/trading-fixtures';
import { TransactionDialog } from './transaction-dialog';
import { TRANSACTION_POLL_MS } from './transactions-api';

const processing = transactionFixture({
  status: 'PROCESSING',
  logs: [{ action: 'INITIAL_BALANCES', outcome: true, eventTime: 1_772_719_620_000 }],
});

describe('TransactionDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls a processing transaction every 2 s until it is final, then stops', async () => {
    const answers = [processing, processing, transactionFixture()];
    const { calls } = renderWithApi(
      <TransactionDialog transactionId={11} initial={processing} onClose={() => {}} />,
      {
        'GET position/transaction/11': () => answers.shift() ?? transactionFixture(),
      },
    );
    const dialog = screen.getByRole('dialog', { name: 'Increase Transaction' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Processing...');
    expect(within(dialog).getByText('₿0.00300000')).toBeInTheDocument();
    // The first read on opening, then one per 2 s: 2 polls reach the third answer (SUCCEEDED).
    await act(() => vi.advanceTimersByTimeAsync(2 * TRANSACTION_POLL_MS));
    expect(await within(dialog).findByText('Executed successfully')).toBeInTheDocument();
    const reads = calls.filter((call) => routeOf(call) === 'GET position/transaction/11').length;
    await act(() => vi.advanceTimersByTimeAsync(3 * TRANSACTION_POLL_MS));
    expect(calls.filter((call) => routeOf(call) === 'GET position/transaction/11')).toHaveLength(reads);
    const logs = within(dialog).getByRole('list', { name: 'Transaction logs' });
    expect(
      within(logs)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Initial balances (succeeded)', 'Execution (succeeded)', 'Confirmation (succeeded)']);
  });

  it('titles a sell as a decrease and shows a failure in red with its error', async () => {
    const failed = transactionFixture({
      side: 'SELL',
      status: 'FAILED',
      logs: [
        { action: 'EXECUTION', outcome: false, eventTime: 1_772_719_620_000, error: 'Insufficient balance' },
      ],
    });
    renderWithApi(<TransactionDialog transactionId={11} initial={failed} onClose={() => {}} />, {
      'GET position/transaction/11': failed,
    });
    const dialog = screen.getByRole('dialog', { name: 'Decrease Transaction' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Failed to execute');
    expect(within(dialog).getByText('Execution')).toHaveClass('text-decrease');
    expect(within(dialog).getByText('Insufficient balance')).toBeInTheDocument();
  });
});
