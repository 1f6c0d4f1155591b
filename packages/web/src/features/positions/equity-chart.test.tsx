import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../testing/render-with-api';
import { essentialsWith } from '../../testing/trading-fixtures';
import { EquityChart, equityPath } from './equity-chart';

const T = 1_743_724_800_000; // a replay time: the browser's clock is years later
const MINUTE = 60_000;
const point = (at: number, equity: string) => ({
  at,
  quote: '1000.00',
  base: '0.01',
  price: '90000',
  equity,
});

describe('EquityChart', () => {
  it('draws the last samples with the latest value and its parts, and switches ranges', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<EquityChart />, {
      'GET data-join/app-essentials': essentialsWith(1),
      'GET position/equity': (call: { url: string }) => {
        const range = new URL(call.url).searchParams.get('range');
        const points = range === '24h' ? [point(T, '1900.00'), point(T + 5 * MINUTE, '1912.34')] : [];
        return { range, bucketMs: 5 * MINUTE, points };
      },
    });
    const chart = await screen.findByRole('img', {
      name: /^Equity in USDT, 2 points over the last 24 hours of replay time$/,
    });
    expect(chart.querySelector('path')?.getAttribute('d')).toBe('M0 76L300 4');
    const figure = chart.closest('figure')!;
    expect(within(figure).getByText('1,912.34 USDT')).toBeInTheDocument();
    expect(figure).toHaveTextContent('= 1,000.00 USDT + ₿0.01000000 at 90,000.00, at');
    // The times are the market's: on the simulator each carries the replay mark.
    expect(within(figure).getAllByText('replay').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: '24 hours' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: '90 days' }));
    expect(await screen.findByText(/No equity samples in the last 90 days yet/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(calls.map((call) => new URL(call.url).searchParams.get('range')).filter(Boolean)).toEqual([
      '24h',
      '90d',
    ]);
  });

  it('shows the API error with a reload', async () => {
    renderWithApi(<EquityChart />, {
      'GET data-join/app-essentials': essentialsWith(1),
    });
    expect(await screen.findByText(/No fake route/)).toBeInTheDocument();
  });
});

describe('equityPath', () => {
  it('spans the width oldest to newest and the height lowest to highest', () => {
    expect(equityPath([])).toBe('');
    expect(equityPath([point(0, '5')])).toBe('M150 40');
    expect(equityPath([point(0, '10'), point(10, '20'), point(20, '15')])).toBe('M0 76L150 4L300 40');
    expect(equityPath([point(0, '7'), point(30, '7')])).toBe('M0 40L300 40');
  });
});
