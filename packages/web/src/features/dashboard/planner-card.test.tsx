import type { DecreasePlan, IncreasePlan } from '@balancer/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format-time';
import { PlannerCard } from './planner-card';

const NOW = 1_743_724_800_000; // 2025-04-04, a replay time: the browser's clock is years later

const INCREASE: IncreasePlan = {
  enabled: true,
  action: 'add',
  canIncrease: false,
  reason: 'gain-requirement',
  time: NOW,
  price: '95.7',
  priceChange: -13,
  priceSetBy: 'requirement',
  amountQuote: '100',
  amountBase: '0.9',
  missingQuote: '0',
  strongStateChange: null,
};

const LEVELS: DecreasePlan['levels'] = [
  { gainRequirement: 1.5, percentage: 5, price: '101.5', idleUntil: null },
  { gainRequirement: 3.5, percentage: 10, price: '103.5', idleUntil: NOW + 3_600_000 },
  { gainRequirement: 5.5, percentage: 17.5, price: '105.5', idleUntil: null },
  { gainRequirement: 7.5, percentage: 25, price: '107.5', idleUntil: null },
  { gainRequirement: 10, percentage: 35, price: '110', idleUntil: null },
];

const DECREASE: DecreasePlan = {
  enabled: true,
  canDecrease: false,
  reason: 'level-idle',
  level: 1,
  time: NOW + 3_600_000,
  price: '103.6',
  priceChange: 0,
  percentage: 10,
  amountBase: '0.1',
  missingBase: '0',
  levels: LEVELS,
  strongStateChange: 0.59,
};

const value = (term: string, part: HTMLElement = document.body) => within(part).getByText(term).nextSibling;

const renderIncrease = (increase: IncreasePlan, windowState: number | null = 0) =>
  render(
    <PlannerCard plan={{ now: NOW, increase, decrease: null }} windowState={windowState} quoteAsset="USDT" />,
  );

describe('PlannerCard', () => {
  it('says which constraint sets the increase price', () => {
    renderIncrease(INCREASE);
    expect(value('Price set by')).toHaveTextContent('the gain requirement');
    expect(value('At or below')).toHaveTextContent('-13.00%');
  });

  it('names the window when its move to state −2 sets the price', () => {
    renderIncrease({ ...INCREASE, priceSetBy: 'strong-state', priceChange: -2.05, strongStateChange: -2.05 });
    expect(value('Price set by')).toHaveTextContent('the window reaching state −2');
    expect(value('Window needs')).toHaveTextContent('-2.05% for state −2');
  });

  it('shows no constraint when any price will do', () => {
    renderIncrease({ ...INCREASE, price: null, priceChange: null, priceSetBy: null });
    expect(value('At or below')).toHaveTextContent('Any price');
    expect(screen.queryByText('Price set by')).toBeNull();
  });

  it('says the window is already at state −2 instead of a change it needs', () => {
    renderIncrease(INCREASE, -2);
    expect(value('Window')).toHaveTextContent('already at state −2');
    expect(screen.queryByText('Window needs')).toBeNull();
  });

  it('compares times with the plan’s own now, so a replay time in the past is not "Now" while it waits', () => {
    // Held back by idle until an hour after the plan's now: the date, never "Now".
    renderIncrease({ ...INCREASE, reason: 'idle', time: NOW + 3_600_000 });
    expect(value('When')).toHaveTextContent(
      `At the first reversal event after ${formatDateTime(NOW + 3_600_000)}`,
    );
    expect(value('Held back by')).toHaveTextContent('the wait after the last increase');
  });

  it('names the reversal event an increase waits for, never "Now" while it has not happened', () => {
    renderIncrease({ ...INCREASE, canIncrease: true, reason: null });
    expect(value('When')).toHaveTextContent('At the next reversal event');
    expect(screen.queryByText('Now')).toBeNull();
    expect(value('Waiting for')).toHaveTextContent('a reversal event');
  });
});

describe('PlannerCard: decrease', () => {
  const renderDecrease = (decrease: DecreasePlan, windowState = 1) =>
    render(
      <PlannerCard
        plan={{ now: NOW, increase: INCREASE, decrease }}
        windowState={windowState}
        quoteAsset="USDT"
      />,
    );

  it('lists all five levels with their prices and waits, marking the one the next sell uses', () => {
    renderDecrease(DECREASE);
    // level index 1 is the second level
    const part = screen.getByRole('heading', { name: 'Decrease (level 2)' }).parentElement!;
    const table = screen.getByRole('table', { name: 'Decrease levels' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1≥ 1.5%5%101.50 USDTReady',
      `2≥ 3.5%10%103.50 USDT${formatDateTime(NOW + 3_600_000)}`,
      '3≥ 5.5%17.5%105.50 USDTReady',
      '4≥ 7.5%25%107.50 USDTReady',
      '5≥ 10%35%110.00 USDTReady',
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(value('When', part)).toHaveTextContent(formatDateTime(NOW + 3_600_000));
    expect(value('Held back by', part)).toHaveTextContent("this level's wait after its last sell");
    expect(value('Window needs', part)).toHaveTextContent('0.59% for state 2');
  });

  it('says the window is already at state 2', () => {
    renderDecrease({ ...DECREASE, strongStateChange: null }, 2);
    const part = screen.getByRole('heading', { name: 'Decrease (level 2)' }).parentElement!;
    expect(value('Window', part)).toHaveTextContent('already at state 2');
  });

  it('says what a decrease waits for in words: the window state, the price, or now', () => {
    renderDecrease({ ...DECREASE, reason: 'window-state', time: NOW });
    const part = screen.getByRole('heading', { name: 'Decrease (level 2)' }).parentElement!;
    expect(value('When', part)).toHaveTextContent('When the window reaches state 2');
    expect(value('Held back by', part)).toHaveTextContent('the window state: sells wait for state 2');
  });

  it('says "Now" for a decrease only when nothing holds it back', () => {
    renderDecrease({ ...DECREASE, reason: null, canDecrease: true, time: NOW });
    const part = screen.getByRole('heading', { name: 'Decrease (level 2)' }).parentElement!;
    expect(value('When', part)).toHaveTextContent('Now');
  });
});
