import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineBanner } from './offline-banner';

function goOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => Reflect.deleteProperty(navigator, 'onLine'));

describe('the offline banner', () => {
  it("says 'Connecting to Balancer...' while offline, in a status region", () => {
    render(<OfflineBanner />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    act(() => goOnline(false));
    expect(status).toHaveTextContent('Connecting to Balancer...');
    act(() => goOnline(true));
    expect(status).toHaveTextContent('');
  });
});
