import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AppToaster from '../../app/providers/toaster';
import { createPwaStore } from '../../lib/pwa/pwa-store';
import { UpdateToast } from './update-toast';

const TEXT = 'A new version of Balancer is available';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the update toast', () => {
  it('appears 2.5 s after a new version waits and stays 15 s', async () => {
    const store = createPwaStore();
    render(
      <>
        <UpdateToast store={store} />
        <AppToaster />
      </>,
    );
    act(() => store.set({ waiting: {} as ServiceWorker }));
    act(() => vi.advanceTimersByTime(2499));
    expect(screen.queryByText(TEXT)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1)); // 2500 ms: half the 5 s registration duration
    act(() => vi.advanceTimersByTime(1)); // sonner renders a published toast one timer tick later
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    // Longer than the 5000 ms every other toast lasts: this one stays its own 15 000 ms.
    act(() => vi.advanceTimersByTime(14_000));
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000)); // 16 000 ms: gone, exit animation included
    expect(screen.queryByText(TEXT)).toBeNull();
  });
});
