import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../../testing/render-with-api';
import { essentialsWith } from '../../../testing/trading-fixtures';
import { ProfitPage } from './profit-page';

const JAN = Date.UTC(2026, 0, 1);
const FEB = Date.UTC(2026, 1, 1);
const row = (start: number, end: number, realisedPnl: string, closedPositions: number) => ({
  start,
  end,
  realisedPnl,
  closedPositions,
  fees: '0.19',
  boughtBase: '0.002',
  boughtQuote: '190',
  soldBase: '0.002',
  soldQuote: '196',
  avgBuyPrice: '95000',
  avgSellPrice: '98000',
  equity: '10006.5',
});

describe('ProfitPage', () => {
  it('shows the periods as a table and a bar chart with totals, marked as replay, and asks again for another period', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<ProfitPage />, {
      'GET data-join/app-essentials': essentialsWith(2),
      'GET position/pnl': (call: { url: string }) => {
        const period = new URL(call.url).searchParams.get('period');
        return {
          period,
          from: 0,
          to: FEB + 1,
          quoteAsset: 'USDT',
          replay: true,
          rows: [row(JAN, FEB, '6', 1), row(FEB, Date.UTC(2026, 2, 1), '-1.5', 1)],
          totals: {
            realisedPnl: '4.5',
            closedPositions: 2,
            fees: '0.38',
            boughtBase: '0.004',
            boughtQuote: '380',
            soldBase: '0.004',
            soldQuote: '392',
          },
        };
      },
    });
    const table = await screen.findByRole('table', { name: 'Profit by month, USDT' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      '2026-01 (replay)6.00 USDT0.19 USDT0.00200000 BTC0.00200000 BTC95,000.00 USDT98,000.00 USDT10,006.50 USDT',
    );
    expect(rows[3]).toHaveTextContent('Total (2 closed)4.50 USDT0.38 USDT');
    const chart = screen.getByRole('img', { name: 'Realised profit by month, USDT' });
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    expect(chart.querySelector('rect.fill-decrease title')).toHaveTextContent('2026-02: -1.50 USDT');
    expect(screen.getByText(/Every figure here comes from the simulator/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Period'), 'week');
    await screen.findByRole('table', { name: 'Profit by week, USDT' });
    expect(calls.map((call) => new URL(call.url).searchParams.get('period')).filter(Boolean)).toEqual([
      'month',
      'week',
    ]);

    await user.type(screen.getByLabelText('From (UTC)'), '2026-03-01');
    await user.type(screen.getByLabelText('To, included (UTC)'), '2026-02-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('The start date is after the end date.');
  });
});
