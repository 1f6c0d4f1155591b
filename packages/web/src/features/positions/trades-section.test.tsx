import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { enterOtp, renderWithApi, routeOf } from '../../testing/render-with-api';
import { essentialsWith, positionFixture, tradeFixture } from '../../testing/trading-fixtures';
import { TradesSection } from './trades-section';

const ROUTES = {
  'GET data-join/app-essentials': essentialsWith(4),
  'GET position/record/trades/3': [
    tradeFixture({ id: 20, source: 'exchange', exchange_trade_id: '900' }),
    tradeFixture({ id: 21, side: 'SELL', amount: '0.00100000', quote_amount: '71.00', price: '71000.00' }),
  ],
};

describe('TradesSection', () => {
  it('offers edit and delete for manual trades only', async () => {
    renderWithApi(<TradesSection position={positionFixture()} />, ROUTES);
    await screen.findByRole('button', { name: 'Edit trade 21' });
    expect(screen.queryByRole('button', { name: 'Edit trade 20' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete trade 21' })).toBeInTheDocument();
  });

  it('checks a new trade with the core schema, then posts it with a one-time code', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<TradesSection position={positionFixture()} />, {
      ...ROUTES,
      'POST position/trade': tradeFixture({ id: 22 }),
    });
    const add = screen.getByRole('button', { name: 'Add trade' });
    await expect.poll(() => add.hasAttribute('disabled')).toBe(false);
    await user.click(add);
    const form = screen.getByRole('dialog', { name: 'Add trade' });
    await user.click(within(form).getByRole('button', { name: 'Add trade' }));
    expect(within(form).getByText('The price must be a decimal string greater than 0')).toBeInTheDocument();
    expect(within(form).getByLabelText('Price (quote per BTC)')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(form).getByLabelText('Price (quote per BTC)'), '69000.5');
    await user.type(within(form).getByLabelText('Amount (BTC)'), '0.002');
    await user.click(within(form).getByRole('button', { name: 'Add trade' }));
    await enterOtp(user, '111222');
    await expect.poll(() => calls.some((call) => routeOf(call) === 'POST position/trade')).toBe(true);
    const post = calls.find((call) => routeOf(call) === 'POST position/trade');
    expect(post?.headers['otp-token']).toBe('111222');
    expect(post?.body).toMatchObject({
      trade: { side: 'BUY', price: '69000.5', amount: '0.002', commissionAsset: 'QUOTE' },
    });
  });

  it('deletes a manual trade with a one-time code', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<TradesSection position={positionFixture()} />, {
      ...ROUTES,
      'DELETE position/trade/21': null,
    });
    await user.click(await screen.findByRole('button', { name: 'Delete trade 21' }));
    expect(screen.getByRole('dialog', { name: 'Delete trade #21' })).toBeInTheDocument();
    await enterOtp(user, '333444');
    await expect.poll(() => calls.some((call) => routeOf(call) === 'DELETE position/trade/21')).toBe(true);
  });

  it('offers no changes on a closed position', async () => {
    renderWithApi(<TradesSection position={positionFixture({ close: 1_772_800_000_000 })} />, ROUTES);
    await screen.findByText('Exchange');
    expect(screen.queryByRole('button', { name: 'Add trade' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit trade 21' })).not.toBeInTheDocument();
  });
});
