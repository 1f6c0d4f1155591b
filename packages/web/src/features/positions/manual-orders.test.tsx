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

  it('decreases by a checked percentage, showing the amount rounded half down', async () => {
    const user = userEvent.setup();
    const tx = transactionFixture({ side: 'SELL', amount: '0.00150000' });
    const { calls } = renderWithApi(<ManualOrders />, {
      [ESSENTIALS]: essentialsWith(5),
      'POST position/decrease': tx,
      'GET position/transaction/11': tx,
    });
    const decrease = screen.getByRole('button', { name: 'Decrease' });
    await expect.poll(() => decrease.hasAttribute('disabled')).toBe(false);
    await user.click(decrease);
    const form = screen.getByRole('dialog', { name: 'Decrease position' });
    // 0.003 × 25 / 100 = 0.00075: a tie at 4 dp → half down → 0.0007
    expect(within(form).getByText(/Sells/)).toHaveTextContent('Sells ₿0.0007 of ₿0.00300000');
    const input = within(form).getByLabelText('Percentage (%)');
    await user.clear(input);
    await user.type(input, '150');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(within(form).getByText('Enter a percentage from 1 to 100')).toHaveClass('text-decrease');
    await user.clear(input);
    await user.type(input, '50');
    // 0.003 × 50 / 100 = 0.0015
    expect(within(form).getByText(/Sells/)).toHaveTextContent('Sells ₿0.0015 of ₿0.00300000');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await enterOtp(user, '654321');
    expect(await screen.findByRole('dialog', { name: 'Decrease Transaction' })).toBeInTheDocument();
    const post = calls.find((call) => routeOf(call) === 'POST position/decrease');
    expect(post?.body).toEqual({ percentage: 50 });
    expect(post?.headers['otp-token']).toBe('654321');
  });
});
