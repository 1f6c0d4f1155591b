import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../testing/render-with-api';
import { essentialsWith, OPEN_TIME, positionFixture } from '../../testing/trading-fixtures';
import { POSITIONS_PAGE_SIZE } from './positions-api';
import { PositionsPage } from './positions-page';

const HOUR = 3_600_000;
/** The equity chart's answer while samples accumulate. */
const NO_EQUITY = { 'GET position/equity': { range: '24h', bucketMs: 300_000, points: [] } };
/** Position ids 20 down to 1, newest first, opened an hour apart. */
const ALL = Array.from({ length: 20 }, (_, index) =>
  positionFixture({
    id: 20 - index,
    open: OPEN_TIME - index * HOUR,
    close: index === 0 ? null : OPEN_TIME - index * HOUR + 1_000,
    archived: index === 2,
  }),
);

describe('PositionsPage', () => {
  it('pages by open time, hides archived positions unless asked, opens the dialog', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<PositionsPage />, {
      'GET data-join/app-essentials': essentialsWith(4),
      ...NO_EQUITY,
      'GET position/records': (call: { url: string }) => {
        const cursor = new URL(call.url).searchParams.get('startAtOpenTime');
        const older = cursor === null ? ALL : ALL.filter((position) => position.open < Number(cursor));
        return older.slice(0, POSITIONS_PAGE_SIZE);
      },
    });
    const table = await screen.findByRole('table', { name: 'Positions, newest first' });
    // 15 on the first page, the archived #18 hidden → 14 rows (+1 header row)
    expect(within(table).getAllByRole('row')).toHaveLength(15);
    expect(within(table).queryByRole('link', { name: /#18$/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    expect(within(table).getByRole('link', { name: 'Archived #18' })).toHaveAttribute(
      'href',
      '/app/position/18',
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Closed #1' });
    // the second page started before the 15th position's open time (id 6)
    expect(calls.at(-1)?.url).toContain(`startAtOpenTime=${OPEN_TIME - 14 * HOUR}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Active #20' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Details of position 20' }));
    expect(screen.getByRole('dialog', { name: 'Position #20' })).toBeInTheDocument();
  });

  it('shows PNL and ROI per position', async () => {
    renderWithApi(<PositionsPage />, {
      'GET data-join/app-essentials': essentialsWith(4),
      ...NO_EQUITY,
      'GET position/records': [positionFixture({ id: 7, pnl: '-12.50', roi: -2.5 })],
    });
    const table = await screen.findByRole('table', { name: 'Positions, newest first' });
    expect(within(table).getByRole('columnheader', { name: 'PNL / ROI' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /#7/ });
    // In the market's quote asset (the fixture's USDT), never '$' for USDT.
    expect(row).toHaveTextContent('-12.50 USDT');
    expect(row).not.toHaveTextContent('$');
    expect(row).toHaveTextContent('-2.50%');
  });

  it('says how positions appear, what the market does now and, on the simulator, when the first buy comes', async () => {
    const replayed = essentialsWith(4, null);
    replayed.marketState = {
      ...replayed.marketState!,
      reversalState: {
        id: 'crash-1',
        points: 64.1,
        totalPoints: 50,
        pointsRequirement: 78,
        reversalEventTime: null,
      },
    };
    renderWithApi(<PositionsPage />, {
      'GET data-join/app-essentials': replayed,
      ...NO_EQUITY,
      'GET position/records': [],
    });
    expect(await screen.findByText(/No equity samples in the last 24 hours yet/)).toBeInTheDocument();
    expect(await screen.findByText('No positions yet.')).toBeInTheDocument();
    expect(
      screen.getByText(/A position opens with a buy: the engine's own when the market reverses/),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/A crash is in progress: the reversal stands at 64.1 % of its requirement/),
    ).toBeInTheDocument();
    expect(screen.getByText(/the engine's first automatic buy comes about 7 minutes in/)).toBeInTheDocument();
  });
});
