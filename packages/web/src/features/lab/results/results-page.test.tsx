import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { backtestSummary, sweepSummary } from '../test-fixtures';
import { ResultsPage } from './results-page';

const request = vi.fn();
vi.mock('../../../auth/auth-context', () => ({ useAuth: () => ({ client: { request } }) }));

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/app/lab/results']}>
        <Routes>
          <Route path="/app/lab/results" element={<ResultsPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  request.mockReset();
  request.mockResolvedValue([
    sweepSummary(5),
    backtestSummary(4),
    backtestSummary(3),
    backtestSummary(2),
    backtestSummary(1),
  ]);
});

describe('ResultsPage', () => {
  it('lists backtests and sweeps with links to their own pages', async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: 'Sweep #5' })).toHaveAttribute(
      'href',
      '/app/lab/sweeps/5',
    );
    expect(screen.getByRole('link', { name: 'Backtest #4' })).toHaveAttribute('href', '/app/lab/results/4');
    const row = screen.getByRole('link', { name: 'Backtest #4' }).closest('tr')!;
    expect(
      within(row).getByText('Final value 10,450.12 · P&L 450.12 · return over the period +4.50 %'),
    ).toBeInTheDocument();
    expect(within(row).getByText('2025-08-01 → 2025-10-31')).toBeInTheDocument();
    expect(
      screen.getAllByText(
        '3 combinations; best by return ÷ max drawdown: Increase gain requirement (%) -1',
      )[0],
    ).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith({ path: 'lab/results', auth: true });
  });

  it('compares two to four picked results', async () => {
    const user = userEvent.setup();
    renderPage();
    const compare = await screen.findByRole('button', { name: 'Compare' });
    expect(compare).toBeDisabled();
    await user.click(screen.getByLabelText('Pick result 4'));
    expect(compare).toBeDisabled();
    for (const id of [2, 1, 3, 5]) await user.click(screen.getByLabelText(`Pick result ${id}`));
    // Five picked: too many.
    expect(compare).toBeDisabled();
    await user.click(screen.getByLabelText('Pick result 5'));
    expect(compare).toBeEnabled();
    await user.click(compare);
    expect(await screen.findByText('at /app/lab/compare?ids=4,3,2,1')).toBeVisible();
  });

  it('says when nothing is stored yet', async () => {
    request.mockResolvedValue([]);
    renderPage();
    expect(await screen.findByRole('link', { name: 'Run a backtest' })).toHaveAttribute(
      'href',
      '/app/lab/backtest',
    );
  });
});
