import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format-time';
import { callerWith, renderWithApi } from '../../testing/render-with-api';
import { ReversalHistory } from './reversal-history';

const MINUTE = 60_000;
const NOW_CRASH = { id: 'crash-2', start: 600 * MINUTE, end: 960 * MINUTE, reversal_event_time: null };
const LAST_CRASH = {
  id: 'crash-1',
  start: 0,
  end: 360 * MINUTE,
  reversal_event_time: 30 * MINUTE,
  highest_points: 80,
  final_points: 80,
};

const routes = (crashes: unknown[]) => ({
  'GET data-join/app-essentials': callerWith(1),
  'GET market-state/reversal/records': crashes,
  'GET market-state/reversal/event-history/crash-2': {
    id: [601 * MINUTE, 602 * MINUTE],
    total: [40, 52.5],
  },
  'GET market-state/reversal/event-history/crash-1': {
    id: [10 * MINUTE, 30 * MINUTE],
    total: [60, 80],
  },
});

describe('ReversalHistory', () => {
  it('draws the current and the last crash with the requirement, reading the newest two records', async () => {
    const { calls } = renderWithApi(
      <ReversalHistory activeId="crash-2" requirement={78} />,
      routes([NOW_CRASH, LAST_CRASH]),
    );
    const chart = await screen.findByRole('img', { name: /Reversal points over time/ });
    expect(chart).toHaveAccessibleName(
      'Reversal points over time. Newest crash: last 52.50 points; Earlier crash: last 80.00 points',
    );
    // y of the requirement: 100 − 78
    expect(screen.getByTestId('requirement-line')).toHaveAttribute('y1', '22');
    // the current crash: 1 and 2 min of a 360-min axis → x 0.83, 1.67 (of 300)
    expect(chart.querySelector('[data-crash="crash-2"] polyline')).toHaveAttribute(
      'points',
      '0.83,60 1.67,47.5',
    );
    // the last crash's event, at 30 min: x 25, y 20
    expect(chart.querySelector('[data-crash="crash-1"] circle')).toHaveAttribute('cx', '25');
    const legend = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(legend.map((item) => item.textContent)).toEqual([
      `Current crash from ${formatDateTime(600 * MINUTE)}`,
      `Last crash from ${formatDateTime(0)}`,
    ]);
    expect(calls.some((call) => call.url.endsWith('market-state/reversal/records?limit=2'))).toBe(true);
  });

  it('without a crash in progress: the last crash and no requirement line', async () => {
    renderWithApi(<ReversalHistory activeId={null} requirement={null} />, routes([LAST_CRASH]));
    await screen.findByRole('img', { name: /Reversal points over time/ });
    expect(screen.queryByTestId('requirement-line')).toBeNull();
    expect(screen.getByRole('listitem')).toHaveTextContent('Last crash from');
  });

  it('says when no crash was recorded yet', async () => {
    renderWithApi(<ReversalHistory activeId={null} requirement={null} />, routes([]));
    expect(await screen.findByText(/No crash recorded yet/)).toBeInTheDocument();
  });
});
