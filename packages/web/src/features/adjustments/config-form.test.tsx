import { STRATEGY_TEMPLATES } from '@balancer/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REVERSAL_SPEC,
  SERVER_ALARMS_SPEC,
  STRATEGY_SPEC,
} from '../../components/config-fields/config-specs';
import { STRATEGY_TEMPLATE_OPTIONS } from '../../components/config-fields/templates';
import { ApiError } from '../../lib/api';
import { ConfigForm } from './config-form';

const request = vi.fn();
vi.mock('../../auth/auth-context', () => ({ useAuth: () => ({ client: { request } }) }));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

function renderForm(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

async function enterCode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByLabelText('Digit 1 of 6'));
  await user.keyboard('123456');
}

beforeEach(() => request.mockReset());

describe('ConfigForm', () => {
  it('loads the alarms, shows a field error without sending, then saves with the code', async () => {
    request.mockImplementation(async (options) =>
      options?.method === 'PUT' ? options.body.newConfig : { cpu: 75, memory: 75, disk: 80 },
    );
    const user = userEvent.setup();
    renderForm(<ConfigForm spec={SERVER_ALARMS_SPEC} authority={3} />);
    const cpu = await screen.findByLabelText('CPU (%)');
    expect(cpu).toHaveValue('75');
    await user.clear(cpu);
    await user.type(cpu, '20');
    await user.click(screen.getByRole('button', { name: 'Save server alarms' }));
    expect(cpu).toHaveAccessibleDescription(/30 to 99/);
    expect(request).toHaveBeenCalledTimes(1); // the GET only
    await user.clear(cpu);
    await user.type(cpu, '90');
    await user.click(screen.getByRole('button', { name: 'Save server alarms' }));
    await enterCode(user);
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(request.mock.calls[1]?.[0]).toEqual({
      method: 'PUT',
      path: 'server/alarms',
      body: { newConfig: { cpu: 90, memory: 75, disk: 80 } },
      auth: true,
      otpToken: '123456',
    });
  });

  it('shows the server’s coded error when the save fails', async () => {
    request.mockImplementation(async (options) => {
      if (options?.method === 'PUT') throw new ApiError('The one-time code is invalid', 4351);
      return { cpu: 75, memory: 75, disk: 80 };
    });
    const user = userEvent.setup();
    renderForm(<ConfigForm spec={SERVER_ALARMS_SPEC} authority={3} />);
    await user.click(await screen.findByRole('button', { name: 'Save server alarms' }));
    await enterCode(user);
    expect(await screen.findByText('The one-time code is invalid (error 4351)')).toBeInTheDocument();
  });

  it('fills the fields from a template and disables Save below authority 3', async () => {
    request.mockResolvedValue(STRATEGY_TEMPLATES.EAGER_SCALPER);
    const user = userEvent.setup();
    renderForm(<ConfigForm spec={STRATEGY_SPEC} authority={2} templates={STRATEGY_TEMPLATE_OPTIONS} />);
    const gain = await screen.findByLabelText('Level 5 gain %');
    expect(gain).toHaveValue('10');
    const template = screen.getByLabelText('Template');
    // The loaded values are a template's: the select names it.
    expect(template).toHaveValue('EAGER_SCALPER');
    await user.selectOptions(template, 'SWING_TRADER');
    expect(gain).toHaveValue('15');
    expect(template).toHaveValue('SWING_TRADER');
    // Changed by hand: no template's any more.
    await user.clear(gain);
    await user.type(gain, '16');
    expect(template).toHaveValue('');
    expect(within(template).getByRole('option', { name: 'Custom' })).toBeInTheDocument();
    expect(within(template).queryByRole('option', { name: /Choose a template/ })).toBeNull();
    const form = screen.getByRole('form', { name: 'Strategy' });
    expect(within(form).getByRole('button', { name: 'Save strategy' })).toBeDisabled();
    expect(within(form).getByText('Saving needs authority 3; yours is 2.')).toBeInTheDocument();
  });

  it('marks the three weights when they do not add up to 100, with the message beside them', async () => {
    request.mockResolvedValue({
      crashDuration: 360,
      pointsRequirement: 78,
      weights: { liquidity: 50, coinsQuote: 25, coinsBase: 25 },
    });
    const user = userEvent.setup();
    renderForm(<ConfigForm spec={REVERSAL_SPEC} authority={3} />);
    const liquidity = await screen.findByLabelText('Liquidity weight');
    await user.clear(liquidity);
    await user.type(liquidity, '60');
    await user.click(screen.getByRole('button', { name: 'Save reversal' }));
    const message = 'Liquidity weight + Coins (quote) weight + Coins (BTC) weight must add up to 100';
    for (const label of ['Liquidity weight', 'Coins (quote) weight', 'Coins (BTC) weight']) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(/weights:/)).toBeNull();
    expect(request).toHaveBeenCalledTimes(1); // nothing sent
    // Fixing one weight clears the mark until the next Save checks again.
    await user.clear(liquidity);
    await user.type(liquidity, '50');
    expect(screen.queryByText(message)).toBeNull();
  });
});
