import { STRATEGY_TEMPLATES } from '@balancer/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { STRATEGY_TEMPLATE_OPTIONS } from './adjustments-page';
import { ConfigForm } from './config-form';
import { SERVER_ALARMS_SPEC, STRATEGY_SPEC } from './config-specs';

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
    expect(await screen.findByText('The one-time code is invalid (4351)')).toBeInTheDocument();
  });

  it('fills the fields from a template and disables Save below authority 3', async () => {
    request.mockResolvedValue(STRATEGY_TEMPLATES.EAGER_SCALPER);
    const user = userEvent.setup();
    renderForm(<ConfigForm spec={STRATEGY_SPEC} authority={2} templates={STRATEGY_TEMPLATE_OPTIONS} />);
    const gain = await screen.findByLabelText('Level 5 gain %');
    expect(gain).toHaveValue('10');
    await user.selectOptions(screen.getByLabelText('Template'), 'SWING_TRADER');
    expect(gain).toHaveValue('15');
    const form = screen.getByRole('form', { name: 'Strategy' });
    expect(within(form).getByRole('button', { name: 'Save strategy' })).toBeDisabled();
    expect(within(form).getByText('Saving needs authority 3; yours is 2.')).toBeInTheDocument();
  });
});
