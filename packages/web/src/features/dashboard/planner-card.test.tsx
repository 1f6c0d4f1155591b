import type { IncreasePlan } from '@balancer/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlannerCard } from './planner-card';

const INCREASE: IncreasePlan = {
  enabled: true,
  action: 'add',
  canIncrease: false,
  reason: 'gain-requirement',
  time: 0,
  price: '95.7',
  priceChange: -13,
  priceSetBy: 'requirement',
  amountQuote: '100',
  amountBase: '0.9',
  missingQuote: '0',
  strongStateChange: null,
};

const renderIncrease = (increase: IncreasePlan) =>
  render(<PlannerCard plan={{ increase, decrease: null }} serverTime={1} />);

describe('PlannerCard', () => {
  it('says which constraint sets the increase price', () => {
    renderIncrease(INCREASE);
    expect(screen.getByText('Price set by').nextSibling).toHaveTextContent('the gain requirement');
    expect(screen.getByText('At or below').nextSibling).toHaveTextContent('-13.00%');
  });

  it('names the window when its move to state −2 sets the price', () => {
    renderIncrease({ ...INCREASE, priceSetBy: 'strong-state', priceChange: -2.05, strongStateChange: -2.05 });
    expect(screen.getByText('Price set by').nextSibling).toHaveTextContent('the window reaching state −2');
  });

  it('shows no constraint when any price will do', () => {
    renderIncrease({ ...INCREASE, price: null, priceChange: null, priceSetBy: null });
    expect(screen.getByText('At or below').nextSibling).toHaveTextContent('Any price');
    expect(screen.queryByText('Price set by')).toBeNull();
  });
});
