import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AppToaster, { TOAST_DURATION_MS } from './toaster';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const visibleToasts = () => document.querySelectorAll('[data-sonner-toast][data-visible="true"]');

describe('the app toaster', () => {
  it('shows one toast at a time, each for 5000 ms', () => {
    render(<AppToaster />);
    act(() => {
      toast('First');
      toast('Second');
    });
    act(() => vi.advanceTimersByTime(1)); // sonner renders published toasts one timer tick later
    expect(visibleToasts()).toHaveLength(1);
    expect(visibleToasts()[0]).toHaveTextContent('Second');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000)); // past 5000 ms, exit animation included
    expect(screen.queryByText('Second')).toBeNull();
  });
});
