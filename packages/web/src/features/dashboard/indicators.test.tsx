import type { MarketState, MarketStateValue } from '@balancer/core';
import { fireEvent, render as renderBare, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LandingDialogsProvider } from '../../components/info-dialogs/landing-dialogs-provider';
import { formatDateTime } from '../../lib/format-time';
import { CoinsIndicator, LiquidityIndicator, ReversalIndicator, WindowIndicator } from './indicators';

// The cards' Learn more opens the landing's info dialogs: the signed-in layout provides them.
const render = (ui: ReactNode) => renderBare(<LandingDialogsProvider>{ui}</LandingDialogsProvider>);

const split = (state: MarketStateValue, change: number) => ({ state, change });
const SPLITS = {
  s100: split(-2, -3.1),
  s75: split(-2, -2.5),
  s50: split(-1, -0.5),
  s25: split(0, 0),
  s15: split(1, 0.12),
  s10: split(2, 1.5),
  s5: split(-2, -1),
  s2: split(-1, -0.05),
};
const MARKET: MarketState = {
  windowState: {
    state: -2,
    splitStates: SPLITS,
    window: { id: [], open: [], high: [], low: [], close: [] },
  },
  liquidityState: { bidDominance: 62.5, neutral: false },
  coinsStates: {
    quote: { state: 1, statesBySymbol: { ETH: { state: 2, splitStates: SPLITS } } },
    base: { state: -1, statesBySymbol: { ETH: { state: -1, splitStates: SPLITS } } },
  },
  // 32.18 of 78 points: 32.18 × 100 / 78 = 41.256… → 41.25 as shown (half down)
  reversalState: {
    id: 'crash-1',
    points: 41.25,
    totalPoints: 32.18,
    pointsRequirement: 78,
    reversalEventTime: null,
  },
};

describe('indicators', () => {
  it('shows the window state and each split with its change, s100 first', () => {
    render(<WindowIndicator market={MARKET} />);
    const region = screen.getByRole('region', { name: 'Window' });
    expect(within(region).getByText('Decreasing strongly')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Window splits' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '100%-3.10%',
      '75%-2.50%',
      '50%-0.50%',
      '25%0.00%',
      '15%+0.12%',
      '10%+1.50%',
      '5%-1.00%',
      '2%-0.05%',
    ]);
  });

  it('shows bid dominance, the coins families and the reversal points', () => {
    render(
      <>
        <LiquidityIndicator market={MARKET} />
        <CoinsIndicator market={MARKET} quoteAsset="USDT" />
        <ReversalIndicator market={MARKET} />
      </>,
    );
    expect(screen.getByRole('meter', { name: 'Bid dominance' })).toHaveProperty('value', 62.5);
    expect(screen.getByText('Asks 37.50%')).toBeInTheDocument(); // 100 − 62.5
    expect(
      within(screen.getByRole('list', { name: 'Against USDT coins' })).getByText('ETH'),
    ).toBeInTheDocument();
    // The points against the requirement, not "of 100": the event fires at 78.
    expect(screen.getByText('32.18 of 78 points needed (41.25% of the requirement)')).toBeInTheDocument();
    expect(screen.getByText(/the event fires at 78 points/)).toBeInTheDocument();
    const meter = screen.getByRole('meter', { name: 'Reversal points (the event fires at 78)' });
    expect(meter).toHaveProperty('value', 32.18);
    expect(meter).toHaveProperty('high', 78);
    const mark = screen.getByTestId('meter-mark');
    expect(mark).toHaveStyle({ left: '78%' });
    expect(mark).toHaveTextContent('78');
  });

  it('says when the reversal event fired and at how many points', () => {
    const fired = 1_743_724_800_000;
    render(
      <ReversalIndicator
        market={{
          ...MARKET,
          reversalState: { ...MARKET.reversalState!, reversalEventTime: fired, reversalEventPoints: 78.4 },
        }}
      />,
    );
    expect(screen.getByTestId('reversal-event')).toHaveTextContent(
      `Reversal event fired ${formatDateTime(fired)} at 78.40 points.`,
    );
  });

  it.each(['Window', 'Liquidity', 'Coins', 'Reversal'])(
    'opens the %s info dialog the landing page has',
    async (title) => {
      render(
        <>
          <WindowIndicator market={MARKET} />
          <LiquidityIndicator market={MARKET} />
          <CoinsIndicator market={MARKET} quoteAsset="USDT" />
          <ReversalIndicator market={MARKET} />
        </>,
      );
      fireEvent.click(screen.getByRole('button', { name: `Learn more about the ${title} indicator` }));
      // The dialogs are a lazy chunk: the first open waits for it to load.
      expect(await screen.findByRole('dialog', { name: title }, { timeout: 10_000 })).toBeInTheDocument();
    },
  );

  it('says when no crash is in progress', () => {
    // The server leaves reversalState out when no crash is active.
    const { reversalState: _crash, ...calm } = MARKET;
    render(<ReversalIndicator market={calm} />);
    expect(screen.getByText(/No crash in progress/)).toBeInTheDocument();
  });
});
