import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BeforeInstallPromptEvent, createPwaStore } from '../../lib/pwa/pwa-store';
import { InstallPrompt } from './install-prompt';

function installEvent() {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event('beforeinstallprompt'), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const, platform: 'web' }),
  }) as BeforeInstallPromptEvent;
  return { event, prompt };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the install prompt', () => {
  it('appears 5 s after the browser offers to install, shows a 3 s bar, then hides', () => {
    const store = createPwaStore();
    render(<InstallPrompt store={store} />);
    act(() => store.set({ installEvent: installEvent().event }));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Install Balancer')).toBeNull();
    act(() => vi.advanceTimersByTime(1)); // 5000 ms: the registration duration
    expect(screen.getByRole('region', { name: 'Install Balancer' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Time left to install' });
    expect(bar.firstElementChild).toHaveStyle({ animationDuration: '3000ms' });
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Install Balancer')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1)); // 5000 + 3000 ms: the countdown ran out
    expect(screen.queryByText('Install Balancer')).toBeNull();
  });

  it('never appears without the browser offer', () => {
    render(<InstallPrompt store={createPwaStore()} />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Install Balancer')).toBeNull();
  });

  it('calls the offer on Install and hides; Not now just hides', async () => {
    const store = createPwaStore();
    const { event, prompt } = installEvent();
    render(<InstallPrompt store={store} />);
    act(() => store.set({ installEvent: event }));
    act(() => vi.advanceTimersByTime(5000));
    act(() => screen.getByRole('button', { name: 'Not now' }).click());
    expect(screen.queryByText('Install Balancer')).toBeNull();
    expect(prompt).not.toHaveBeenCalled();

    act(() => store.set({ installEvent: installEvent().event }));
    const second = store.get().installEvent as BeforeInstallPromptEvent;
    act(() => vi.advanceTimersByTime(5000));
    await act(async () => screen.getByRole('button', { name: 'Install' }).click());
    expect(second.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Install Balancer')).toBeNull();
    expect(store.get().installEvent).toBeNull();
  });
});
