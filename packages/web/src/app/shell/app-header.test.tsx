import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { essentials, series, streamUpdate } from '../../essentials/fixtures';
import { renderSignedIn } from '../../testing/render-signed-in';
import { AppHeader } from './app-header';

const navs = () => ({
  top: screen.getByRole('navigation', { name: 'Main' }),
  bottom: screen.getByRole('navigation', { name: 'Main (bottom bar)' }),
});

describe('AppHeader', () => {
  it('renders the main navigation as a top bar (md+) and a fixed bottom bar (below md)', async () => {
    renderSignedIn(<AppHeader />, essentials());
    await screen.findByTestId('header-price');
    const { top, bottom } = navs();
    expect(top.className).toContain('hidden md:block');
    expect(bottom.className).toContain('fixed');
    expect(bottom.className).toContain('md:hidden');
    for (const nav of [top, bottom]) {
      const names = within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent);
      expect(names).toEqual(['Dashboard', 'Positions', 'Server', 'Adjustments', 'Lab']);
    }
    // On md the top bar shows icons only: the names are visually hidden until lg.
    expect(within(top).getByText('Positions').className).toBe('sr-only lg:not-sr-only');
    expect(screen.getByRole('link', { name: 'Balancer home' })).toHaveAttribute('href', '/');
  });

  it('shows the unread API errors on Server (9+ from 9, hidden at 0) as the stream updates them', async () => {
    const { stream } = renderSignedIn(<AppHeader />, essentials({ unreadAPIErrors: 3 }));
    await screen.findByTestId('header-price');
    const top = screen.getByRole('navigation', { name: 'Main' });
    expect(within(top).getByRole('link', { name: /Server/ })).toHaveTextContent('3');
    const window = series([[3, 12, 14, 11, 13]]);
    act(() => stream.push(streamUpdate(window, { unreadAPIErrors: 12 })));
    expect(within(top).getByRole('link', { name: /Server/ })).toHaveTextContent('9+');
    act(() => stream.push(streamUpdate(window, { unreadAPIErrors: 0 })));
    expect(within(top).getByRole('link', { name: 'Server' })).toHaveTextContent(/^Server$/);
  });

  it('disables the items above an authority-1 user, saying the authority needed', async () => {
    renderSignedIn(<AppHeader />, essentials({ user: { id: '2', nickname: 'viewer', authority: 1 } }));
    await screen.findByTestId('header-price');
    const top = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(top)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard']);
    for (const label of ['Positions', 'Server', 'Adjustments', 'Lab']) {
      const item = within(top).getByText(label).closest('[aria-disabled="true"]');
      expect(item).toHaveAttribute('title', 'Needs authority 2');
    }
  });

  it('shows the live price and the simulated-market badge', async () => {
    const { stream } = renderSignedIn(<AppHeader />, essentials({ price: '95123.456' }));
    expect(await screen.findByTestId('header-price')).toHaveTextContent('95,123.46 USDT');
    expect(screen.getByTitle('simulated')).toHaveTextContent('SIMULATED market');
    act(() => stream.push(streamUpdate(series([[4, 1, 1, 1, 1]]), { price: '1000' })));
    expect(screen.getByTestId('header-price')).toHaveTextContent('1,000.00 USDT');
  });

  it('has no simulated badge on a live exchange', async () => {
    const live = essentials();
    renderSignedIn(<AppHeader />, { ...live, exchangeConfig: { ...live.exchangeConfig, simulated: false } });
    await screen.findByTestId('header-price');
    expect(screen.queryByTitle('simulated')).toBeNull();
  });

  it('opens the side menu from the menu button', async () => {
    renderSignedIn(<AppHeader />, essentials());
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('dialog', { name: 'root' })).toBeVisible();
  });
});
