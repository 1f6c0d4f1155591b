import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_TO_TOP_AFTER_PX, SCROLL_TO_TOP_IDLE_MS, ScrollToTop } from './scroll-to-top';

const scrollTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
};
const button = () => screen.queryByRole('button', { name: 'Scroll to top' });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  scrollTo(0);
  vi.useRealTimers();
});

describe('ScrollToTop', () => {
  it('appears past 200 px, scrolls to the top when pressed, and hides again near the top', () => {
    const spy = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<ScrollToTop />);
    expect(button()).toBeNull();
    scrollTo(SCROLL_TO_TOP_AFTER_PX);
    expect(button()).toBeNull();
    scrollTo(SCROLL_TO_TOP_AFTER_PX + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(spy).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollTo(10);
    expect(button()).toBeNull();
  });

  it('gets out of the way once the scrolling stops, unless it is focused', () => {
    render(<ScrollToTop />);
    scrollTo(800);
    act(() => vi.advanceTimersByTime(SCROLL_TO_TOP_IDLE_MS - 1));
    expect(button()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    // Nothing floats over the page while the operator reads it.
    expect(button()).toBeNull();
    scrollTo(900);
    const shown = button();
    expect(shown).not.toBeNull();
    act(() => shown?.focus());
    act(() => vi.advanceTimersByTime(10 * SCROLL_TO_TOP_IDLE_MS));
    expect(button()).not.toBeNull();
    act(() => shown?.blur());
    act(() => vi.advanceTimersByTime(SCROLL_TO_TOP_IDLE_MS));
    expect(button()).toBeNull();
  });
});
