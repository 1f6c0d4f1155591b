import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, routeOf } from '../../testing/render-with-api';
import {
  essentialsWith,
  LEVEL_2_REASON,
  positionFixture,
  transactionFixture,
} from '../../testing/trading-fixtures';
import { PositionSummary } from './position-summary';

const ROUTES = {
  'GET data-join/app-essentials': essentialsWith(2),
  'GET position/record/transactions/3': [
    transactionFixture({
      id: 12,
      side: 'SELL',
      reason: LEVEL_2_REASON,
    }),
    transactionFixture(),
  ],
};

describe("the dashboard's position card", () => {
  it("says why the position's newest order was placed", async () => {
    renderWithApi(<PositionSummary quoteAsset="USDT" position={positionFixture()} showOrders />, ROUTES);
    expect(await screen.findByTestId('last-order-reason')).toHaveTextContent(
      'Decrease level 2: gain 3.1 % ≥ 3 %, sold 10 % of the position',
    );
  });

  it('asks nothing for a caller who may not read transactions', async () => {
    const { calls } = renderWithApi(
      <PositionSummary quoteAsset="USDT" position={positionFixture()} />,
      ROUTES,
    );
    await screen.findByText('ROI');
    expect(screen.queryByText('Last order')).not.toBeInTheDocument();
    expect(calls.map(routeOf)).not.toContain('GET position/record/transactions/3');
  });
});
