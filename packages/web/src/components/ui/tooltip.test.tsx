import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDelay, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, Tooltip } from './tooltip';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const renderTwo = () =>
  render(
    <>
      <Tooltip content="First tip">
        <button type="button">one</button>
      </Tooltip>
      <Tooltip content="Second tip">
        <button type="button">two</button>
      </Tooltip>
    </>,
  );

describe('openDelay', () => {
  it('waits 700 ms, or nothing within 300 ms of the last close', () => {
    expect(openDelay(10_000, Number.NEGATIVE_INFINITY)).toBe(TOOLTIP_DELAY_MS);
    expect(openDelay(10_000, 10_000 - TOOLTIP_SKIP_DELAY_MS)).toBe(0);
    expect(openDelay(10_000, 10_000 - TOOLTIP_SKIP_DELAY_MS - 1)).toBe(TOOLTIP_DELAY_MS);
  });
});

describe('Tooltip', () => {
  it('opens after the delay on hover, describes its trigger, and closes on leave', () => {
    renderTwo();
    const one = screen.getByRole('button', { name: 'one' });
    fireEvent.pointerEnter(one);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('First tip');
    expect(one).toHaveAccessibleDescription('First tip');
    fireEvent.pointerLeave(one);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(one).not.toHaveAttribute('aria-describedby');
  });

  it('opens the next one at once within the skip window, and not after it', () => {
    renderTwo();
    const one = screen.getByRole('button', { name: 'one' });
    const two = screen.getByRole('button', { name: 'two' });
    fireEvent.pointerEnter(one);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    fireEvent.pointerLeave(one);
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS));
    fireEvent.pointerEnter(two);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Second tip');
    fireEvent.pointerLeave(two);
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS + 1));
    fireEvent.pointerEnter(one);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on keyboard focus, closes on Escape, and never opens if left before the delay', () => {
    renderTwo();
    const one = screen.getByRole('button', { name: 'one' });
    fireEvent.focus(one);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole('tooltip')).toHaveTextContent('First tip');
    fireEvent.keyDown(one, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS + 1));
    fireEvent.pointerEnter(one);
    fireEvent.pointerLeave(one);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS * 2));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
