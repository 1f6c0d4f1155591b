import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, routeOf } from '../../testing/render-with-api';
import { essentialsWith, positionFixture, transactionFixture } from '../../testing/trading-fixtures';
import { PositionSummary } from './position-summary';

const ROUTES = {
  'GET data-join/app-essentials': essentialsWith(2),
  'GET position/record/transactions/3': [
    transactionFixture({
      id: 12,
      side: 'SELL',
      reason: {
        rule: 'decrease-level',
        level: 1,
        gain: 1.6,
        requirement: 1.5,
        share: 20,
        wholePosition: false,
        price: '71120',
        amountBase: '0.0006',
        amountQuote: '42.67',
      },
    }),
    transactionFixture(),
  ],
};

describe("the dashboard's position card", () => {
  it("says why the position's newest order was placed", async () => {
    renderWithApi(<PositionSummary position={positionFixture()} showOrders />, ROUTES);
    expect(await screen.findByTestId('last-order-reason')).toHaveTextContent(
      'Decrease level 1: gain 1.6 % ≥ 1.5 %, sold 20 % of the position',
    );
  });

  it('asks nothing for a caller who may not read transactions', async () => {
    const { calls } = renderWithApi(<PositionSummary position={positionFixture()} />, ROUTES);
    await screen.findByText('ROI');
    expect(screen.queryByText('Last order')).not.toBeInTheDocument();
    expect(calls.map(routeOf)).not.toContain('GET position/record/transactions/3');
  });
});
