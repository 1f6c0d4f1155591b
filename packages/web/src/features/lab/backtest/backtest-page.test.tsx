import { DEFAULT_STRATEGY_CONFIG, LANDING_BACKTEST, type LabJob } from '@balancer/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { labJob, QUARTER_SET } from '../test-fixtures';
import { BacktestPage } from './backtest-page';

const request = vi.fn();
let pushJob: (job: LabJob) => void = () => {};
vi.mock('../../../auth/auth-context', () => ({ useAuth: () => ({ client: { request } }) }));
vi.mock('../../../essentials', () => ({
  useLabJobEvents: (listener: (job: LabJob) => void) => {
    pushJob = listener;
  },
}));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/app/lab/backtest']}>
        <Routes>
          <Route path="/app/lab/backtest" element={<BacktestPage />} />
          <Route path="/app/lab/results/:id" element={<p>result page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = () => request.mock.calls.filter(([options]) => options.method === 'POST');

beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (options) => {
    if (options.path === 'lab/data-sets') return [QUARTER_SET];
    if (options.path === 'position/strategy') return DEFAULT_STRATEGY_CONFIG;
    if (options.path === 'lab/backtests') return labJob({ status: 'queued', progress: 0 });
    if (options.path.startsWith('lab/jobs/')) return labJob({ status: 'queued', progress: 0 });
    throw new Error(`unexpected ${options.path}`);
  });
});

describe('BacktestPage', () => {
  it('shows field errors and sends nothing while the inputs are wrong', async () => {
    const user = userEvent.setup();
    renderPage();
    const capital = await screen.findByLabelText('Starting capital (quote)');
    await user.clear(capital);
    await user.type(capital, '-5');
    await user.clear(screen.getByLabelText('Fee (%)'));
    await user.type(screen.getByLabelText('Fee (%)'), '12');
    await user.selectOptions(screen.getByLabelText('Strategy from'), 'template');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    expect(await screen.findByText('A decimal above 0, e.g. 10000')).toBeVisible();
    expect(screen.getByText('From 0 to 10 %')).toBeVisible();
    expect(screen.getByText('Choose a template')).toBeVisible();
    expect(posts()).toEqual([]);
  });

  it('checks edited strategy values with the strategy settings schema', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(await screen.findByLabelText('Strategy from'), 'config');
    const amount = await screen.findByLabelText('Increase amount (quote)');
    await user.clear(amount);
    await user.type(amount, 'lots');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(posts()).toEqual([]);
  });

  it('runs a 3-month backtest on a template, follows the job and opens its result', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('2025-08-01 – 2025-10-31')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Strategy from'), 'template');
    await user.selectOptions(screen.getByLabelText('Template'), 'SCALPER');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]![0].body).toMatchObject({
      dataSet: QUARTER_SET.name,
      from: '2025-08-01',
      to: '2025-10-31',
      strategy: { template: 'SCALPER' },
    });
    await screen.findByText(/Queued/);
    act(() => pushJob(labJob({ status: 'running', progress: 0.5 })));
    expect(await screen.findByRole('progressbar', { name: 'Backtest progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    act(() => pushJob(labJob({ status: 'done', progress: 1, resultId: 42 })));
    expect(await screen.findByText('result page')).toBeVisible();
  });

  it("fills the form with the landing page's backtest and runs it as the landing images' script does", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: "Reproduce the landing page's images" }));
    expect(screen.getByLabelText('Period')).toHaveValue('all');
    expect(screen.getByLabelText('Template')).toHaveValue('EAGER_SCALPER');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = posts()[0]![0].body;
    expect(body).toMatchObject({ ...LANDING_BACKTEST, strategy: { template: 'EAGER_SCALPER' } });
    expect(body.from).toBeUndefined();
    expect(body.to).toBeUndefined();
  });

  it('shows a failed job with its coded error', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Run backtest' }));
    await screen.findByText(/Queued/);
    act(() => pushJob(labJob({ status: 'failed', error: { code: 5903, message: 'Too few candles' } })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too few candles (error 5903)');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
