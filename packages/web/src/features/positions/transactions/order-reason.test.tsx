import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../../testing/render-with-api';
import {
  essentialsWith,
  LEVEL_2_REASON,
  positionFixture,
  transactionFixture,
} from '../../../testing/trading-fixtures';
import { PositionsTable } from '../positions-table';
import { TransactionsSection } from '../transactions-section';

const SELL = transactionFixture({
  id: 12,
  side: 'SELL',
  intent: { kind: 'decrease', level: 1, manual: false },
  reason: LEVEL_2_REASON,
});
const OLD = transactionFixture({ id: 10, reason: null });

describe('order reasons on the position page', () => {
  it('lists each transaction with its reason in words, and a row stored before reasons as such', async () => {
    renderWithApi(<TransactionsSection positionId={3} />, {
      'GET data-join/app-essentials': essentialsWith(4),
      'GET position/record/transactions/3': [SELL, transactionFixture(), OLD],
      'GET position/transaction/12': SELL,
    });
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByTestId('order-reason').textContent)).toEqual([
      'Decrease level 2: gain 3.1 % ≥ 3 %, sold 10 % of the position',
      'Manual buy by root',
      'Reason not recorded (before this version)',
    ]);
    // The dialog adds the price and amounts the engine decided on, in the quote asset's code.
    await userEvent.click(within(rows[0]!).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Decrease Transaction' });
    expect(within(dialog).getByTestId('order-reason')).toHaveTextContent(
      /^Decrease level 2: gain 3\.1 % ≥ 3 %, sold 10 % of the position\. Decided at 72,170\.00 (USDT|quote) for ₿0\.00030000 \(21\.65 (USDT|quote)\)\.$/,
    );
  });
});

describe('order reasons in the positions list', () => {
  it("shows the newest order's reason, that none was recorded, or a dash for a position without an order", async () => {
    const positions = [
      positionFixture({ id: 3, last_order_reason: SELL.reason }),
      positionFixture({ id: 2, last_order_reason: null }),
      positionFixture({ id: 1 }),
    ];
    renderWithApi(<PositionsTable positions={positions} onDetails={() => {}} />, {
      'GET data-join/app-essentials': essentialsWith(4),
    });
    const table = await screen.findByRole('table', { name: 'Positions, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-2)?.textContent)).toEqual([
      'Decrease level 2: gain 3.1 % ≥ 3 %, sold 10 % of the position',
      'Reason not recorded (before this version)',
      '—',
    ]);
  });
});
