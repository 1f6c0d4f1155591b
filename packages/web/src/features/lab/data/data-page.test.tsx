import type { LabJob } from '@balancer/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOADED_SET, labJob, QUARTER_SET } from '../test-fixtures';
import { DataPage } from './data-page';

const request = vi.fn();
let pushJob: (job: LabJob) => void = () => {};
vi.mock('../../../auth/auth-context', () => ({ useAuth: () => ({ client: { request } }) }));
vi.mock('../../../essentials', () => ({
  useEssentialsSelector: () => 'binance',
  useLabJobEvents: (listener: (job: LabJob) => void) => {
    pushJob = listener;
  },
}));

const DOWNLOAD = labJob({
  kind: 'download',
  status: 'running',
  progress: 0.25,
  inputs: { exchange: 'binance', symbol: 'BTC/USDT', timeframe: '15m', since: '2025-11-24', dataSet: 'x' },
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DataPage />
    </QueryClientProvider>,
  );
}

const calls = (method: string) => request.mock.calls.filter(([options]) => options.method === method);

beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (options) => {
    if (options.path === 'lab/data-sets') return [QUARTER_SET, DOWNLOADED_SET];
    if (options.path === `lab/data-sets/${encodeURIComponent(QUARTER_SET.name)}/gaps`)
      return {
        name: QUARTER_SET.name,
        intervalMs: 900_000,
        total: 2,
        missingCandles: 3,
        gaps: [
          { afterMs: Date.UTC(2025, 2, 3, 10), beforeMs: Date.UTC(2025, 2, 3, 10, 30), missing: 1 },
          { afterMs: Date.UTC(2025, 5, 9, 0), beforeMs: Date.UTC(2025, 5, 9, 0, 45), missing: 2 },
        ],
      };
    if (options.method === 'DELETE') return { name: DOWNLOADED_SET.name };
    if (options.path === 'lab/downloads' || options.path.startsWith('lab/jobs/')) return DOWNLOAD;
    throw new Error(`unexpected ${options.path}`);
  });
});

describe('DataPage', () => {
  it("shows a set's gaps when its missing candles are opened, and hides them again", async () => {
    const user = userEvent.setup();
    renderPage();
    const open = await screen.findByRole('button', {
      name: `3 missing candles in ${QUARTER_SET.name}: show the gaps`,
    });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const list = await screen.findByRole('list', { name: `Gaps in ${QUARTER_SET.name}` });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'after 2025-03-03 10:00, before 2025-03-03 10:30 UTC: 1 candle missing',
      'after 2025-06-09 00:00, before 2025-06-09 00:45 UTC: 2 candles missing',
    ]);
    expect(screen.getByText(/2 gaps \(exchange halts, outages\)/)).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: `3 missing candles in ${QUARTER_SET.name}: hide the gaps` }),
    );
    expect(screen.queryByRole('list', { name: `Gaps in ${QUARTER_SET.name}` })).toBeNull();
  });

  it('lists the sets with range, candles, gaps and size; only a downloaded one can be removed', async () => {
    const user = userEvent.setup();
    renderPage();
    const shipped = (await screen.findByText(QUARTER_SET.name)).closest('tr')!;
    expect(within(shipped).getByText('2024-11-01 → 2025-10-31')).toBeVisible();
    expect(within(shipped).getByText('35,040')).toBeVisible();
    expect(within(shipped).getByText('3')).toBeVisible();
    expect(within(shipped).getByText('1.2 MB')).toBeVisible();
    expect(within(shipped).queryByRole('button', { name: 'Remove' })).toBeNull();
    const downloaded = screen.getByText(DOWNLOADED_SET.name).closest('tr')!;
    await user.click(within(downloaded).getByRole('button', { name: 'Remove' }));
    // Asked once more: Keep leaves it.
    await user.click(within(downloaded).getByRole('button', { name: 'Keep' }));
    expect(calls('DELETE')).toEqual([]);
    await user.click(within(downloaded).getByRole('button', { name: 'Remove' }));
    await user.click(within(downloaded).getByRole('button', { name: `Remove ${DOWNLOADED_SET.name}` }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(calls('DELETE')[0]![0].path).toBe(`lab/data-sets/${DOWNLOADED_SET.name}`);
  });

  it('checks the download form, then follows the job with progress and Cancel', async () => {
    const user = userEvent.setup();
    renderPage();
    const market = await screen.findByLabelText('Market');
    await user.clear(market);
    await user.type(market, 'BTCUSDT');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('A market as BASE/QUOTE, e.g. BTC/USDT')).toBeVisible();
    expect(calls('POST')).toEqual([]);
    await user.clear(market);
    await user.type(market, 'btc/usdt');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(calls('POST')[0]![0].body).toMatchObject({ symbol: 'BTC/USDT', timeframe: '15m' });
    expect(await screen.findByRole('progressbar', { name: 'Download progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(calls('POST').map(([options]) => options.path)).toContain(`lab/jobs/${DOWNLOAD.id}/cancel`),
    );
    act(() =>
      pushJob({
        ...DOWNLOAD,
        status: 'cancelled',
        error: { code: 5960, message: 'The candle download was cancelled' },
      }),
    );
    expect(await screen.findByText('The candle download was cancelled (error 5960)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
