import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_TO_TOP_AFTER_PX, ScrollToTop } from './scroll-to-top';

const scrollTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
};

afterEach(() => scrollTo(0));

describe('ScrollToTop', () => {
  it('appears past 200 px, scrolls to the top when pressed, and hides again near the top', () => {
    const spy = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<ScrollToTop />);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    scrollTo(SCROLL_TO_TOP_AFTER_PX);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    scrollTo(SCROLL_TO_TOP_AFTER_PX + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(spy).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollTo(10);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
  });
});
