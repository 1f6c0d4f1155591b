import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callerWith, renderWithApi } from '../../../testing/render-with-api';
import { CompareView } from '../compare/compare-page';
import { labReport, labResult, outcome } from '../test-report';
import { ResultView } from './result-page';

// jsdom has no canvas: the charts are stand-ins that name their lines.
vi.mock('./lines-chart', () => ({
  default: ({ label, lines }: { label: string; lines: { label: string }[] }) => (
    <div role="img" aria-label={label}>
      {lines.length} lines
    </div>
  ),
}));
vi.mock('./price-chart', () => ({ default: () => <div role="img" aria-label="Price" /> }));

const ESSENTIALS = { 'GET data-join/app-essentials': callerWith(2) };

describe('ResultView', () => {
  it('shows the equity against the baselines, the metrics side by side, the positions and the exports', async () => {
    renderWithApi(<ResultView id={7} />, { ...ESSENTIALS, 'GET lab/results/7': labResult(7) });
    await screen.findByRole('heading', { name: 'Backtest #7', level: 1 });
    const legend = screen.getByRole('list', { name: 'Equity: legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Strategy', 'DCA']);
    await screen.findByRole('img', { name: 'Equity' });
    const table = screen.getByRole('table', { name: 'Strategy and baselines, side by side' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Metric', 'Strategy', 'DCA']);
    // Two days: the return over the period, no IRR a year.
    expect(
      within(table).getByRole('rowheader', { name: 'Return over the period, on the whole capital' }),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: /IRR/ })).toBeNull();
    expect(screen.getByTestId('lab-amounts')).toHaveTextContent(
      'starting cash 10,000.00 · strategy buys 100.00 an increase',
    );
    expect(within(screen.getByRole('list', { name: 'Positions' })).getAllByRole('listitem')).toHaveLength(2);
    for (const name of ['Fills CSV', 'Positions CSV', 'HTML report'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
  });

  it('says so when the result does not exist, with a way back', async () => {
    renderWithApi(<ResultView id={8} />, {
      ...ESSENTIALS,
      'GET lab/results/8': { fail: 'The stored result does not exist: 8{(5975)}' },
    });
    await screen.findByRole('heading', { name: 'This result does not exist' });
    expect(screen.getByRole('link', { name: 'Back to results' })).toHaveAttribute('href', '/app/lab/results');
  });
});

describe('CompareView', () => {
  it("puts each result's strategy on the same charts and one table", async () => {
    const other = labReport({ outcomes: [outcome('strategy', 'Strategy', { finalEquity: '9000.00' })] });
    renderWithApi(<CompareView ids={[3, 5]} />, {
      ...ESSENTIALS,
      'GET lab/results/3': labResult(3),
      'GET lab/results/5': labResult(5, other),
    });
    await screen.findByRole('heading', { name: 'Compare 2 results', level: 1 });
    const legend = screen.getByRole('list', { name: 'Equity: legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#3 Strategy', '#5 Strategy']);
    const table = screen.getByRole('table', { name: "The results' strategies, side by side" });
    expect(within(table).getByRole('row', { name: /Final value/ }).textContent).toContain('9,000.00');
  });
});
