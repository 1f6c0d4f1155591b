import type { MarketState, MarketStateValue } from '@balancer/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoinsIndicator, LiquidityIndicator, ReversalIndicator, WindowIndicator } from './indicators';

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
  reversalState: { id: 'crash-1', points: 41.25, reversalEventTime: null },
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
    expect(screen.getByText('41.25 of 100 points')).toBeInTheDocument();
  });

  it('says when no crash is in progress', () => {
    // The server leaves reversalState out when no crash is active.
    const { reversalState: _crash, ...calm } = MARKET;
    render(<ReversalIndicator market={calm} />);
    expect(screen.getByText(/No crash in progress/)).toBeInTheDocument();
  });
});
