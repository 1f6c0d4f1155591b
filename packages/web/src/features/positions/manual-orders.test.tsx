import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { enterOtp, renderWithApi, routeOf } from '../../testing/render-with-api';
import { essentialsWith, transactionFixture } from '../../testing/trading-fixtures';
import { ManualOrders } from './manual-orders';

const ESSENTIALS = 'GET data-join/app-essentials';

describe('ManualOrders', () => {
  it('disables both orders below authority 4, with a note', async () => {
    renderWithApi(<ManualOrders />, { [ESSENTIALS]: essentialsWith(2) });
    expect(await screen.findByText('Needs authority 4 (yours is 2).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease' })).toBeDisabled();
  });

  it('increases with a one-time code and opens the transaction it answers', async () => {
    const user = userEvent.setup();
    const tx = transactionFixture();
    const { calls } = renderWithApi(<ManualOrders />, {
      [ESSENTIALS]: essentialsWith(4),
      'POST position/increase': tx,
      'GET position/transaction/11': tx,
      'GET position/records': [],
    });
    const increase = screen.getByRole('button', { name: 'Increase' });
    await expect.poll(() => increase.hasAttribute('disabled')).toBe(false);
    await user.click(increase);
    expect(screen.getByRole('dialog', { name: 'Increase position' })).toBeInTheDocument();
    await enterOtp(user, '123456');
    const dialog = await screen.findByRole('dialog', { name: 'Increase Transaction' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Executed successfully');
    const post = calls.find((call) => routeOf(call) === 'POST position/increase');
    expect(post?.headers['otp-token']).toBe('123456');
    expect(post?.body).toBeUndefined();
  });

  it('says why Decrease is disabled without an active position', async () => {
    renderWithApi(<ManualOrders />, { [ESSENTIALS]: essentialsWith(4, null) });
    const decrease = screen.getByRole('button', { name: 'Decrease' });
    await expect
      .poll(() => screen.getByRole('button', { name: 'Increase' }).hasAttribute('disabled'))
      .toBe(false);
    expect(decrease).toBeDisabled();
    expect(decrease).toHaveAccessibleDescription(/Decrease needs an active position: none is open/);
  });

  it('previews what the engine will sell (core amounts: 5 dp down, the minimum raise) before the code', async () => {
    const user = userEvent.setup();
    const tx = transactionFixture({ side: 'SELL', amount: '0.00150000' });
    const { calls } = renderWithApi(<ManualOrders />, {
      // 0.003 BTC at 84,000 = 252 quote, more than 30 % of one increase (100): sold in parts.
      [ESSENTIALS]: { ...essentialsWith(5), price: '84000' },
      'GET position/balances': { free: { BTC: '0.003', USDT: '100' }, time: 1 },
      'GET position/strategy': { increaseAmountQuote: '100' },
      'POST position/decrease': tx,
      'GET position/transaction/11': tx,
    });
    const decrease = screen.getByRole('button', { name: 'Decrease' });
    await expect.poll(() => decrease.hasAttribute('disabled')).toBe(false);
    await user.click(decrease);
    const form = screen.getByRole('dialog', { name: 'Decrease position' });
    // 0.003 × 25 / 100 = 0.00075 exactly (the old 4 dp preview said 0.0007).
    expect(await within(form).findByText(/Sells/)).toHaveTextContent(
      'Sells ₿0.00075000 of ₿0.00300000 (25.00 %).',
    );
    const input = within(form).getByLabelText('Percentage (%)');
    await user.clear(input);
    await user.type(input, '150');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(within(form).getByText('Enter a percentage from 1 to 100')).toHaveClass('text-decrease');
    // 1 %: 0.00003 is under the 0.0002 minimum, raised to it: 0.0002 ÷ 0.003 = 6.67 %.
    await user.clear(input);
    await user.type(input, '1');
    expect(within(form).getByText(/Sells/)).toHaveTextContent('Sells ₿0.00020000 of ₿0.00300000 (6.67 %).');
    expect(within(form).getByRole('note')).toHaveTextContent(
      'A 1 % decrease is below the exchange minimum: it is raised to ₿0.0002, 6.67 % of the position.',
    );
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    // The one-time code dialog repeats what is sold.
    expect(
      await screen.findByText(
        /^Sell ₿0\.00020000 now \(6\.67 % of the active position; you asked for 1 %\)\./,
      ),
    ).toBeInTheDocument();
    await enterOtp(user, '654321');
    expect(await screen.findByRole('dialog', { name: 'Decrease Transaction' })).toBeInTheDocument();
    const post = calls.find((call) => routeOf(call) === 'POST position/decrease');
    expect(post?.body).toEqual({ percentage: 1 });
    expect(post?.headers['otp-token']).toBe('654321');
  });
});
