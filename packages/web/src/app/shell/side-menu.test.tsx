import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { essentials } from '../../essentials/fixtures';
import { withLinks } from '../../testing/project-links';
import { fakeStream, renderSignedIn } from '../../testing/render-signed-in';
import { SideMenu } from './side-menu';

async function openMenu() {
  await screen.findByRole('button', { name: /Platform update available|Open menu/ });
  await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.getByRole('navigation', { name: 'Side menu' });
}

afterEach(() => vi.restoreAllMocks());

describe('SideMenu', () => {
  it('lists the spec’s entries with sign-out for this device and all devices', async () => {
    renderSignedIn(withLinks(<SideMenu />), essentials());
    const menu = await openMenu();
    const names = [...menu.querySelectorAll('a, button')].map((item) => item.textContent?.trim());
    expect(names).toEqual([
      'IP address blacklist',
      'Users',
      'Platform update',
      'Realtime connection: Connected (websocket)',
      'Create new instance',
      'About the project',
      'Get the product',
      'GitHub',
      'Videos',
      'What is the product?',
      'Platform walk-through',
      'Terms',
      'Sign out',
      'Sign out of all devices',
    ]);
  });

  it('leaves out the code host entries when no SOURCE_CODE_URL is configured', async () => {
    renderSignedIn(<SideMenu />, essentials());
    const menu = await openMenu();
    expect(within(menu).queryByRole('link', { name: 'Get the product' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'GitHub' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'About the project' })).toBeInTheDocument();
  });

  it('badges Platform update with 1 for one part behind and 2 for BOTH', async () => {
    const base = essentials();
    const { unmount } = renderSignedIn(<SideMenu />, {
      ...base,
      version: { ...base.version, updateAvailable: 'GUI' },
    });
    let menu = await openMenu();
    expect(within(menu).getByRole('link', { name: /Platform update/ })).toHaveTextContent(
      /^Platform update1/,
    );
    unmount();
    renderSignedIn(<SideMenu />, { ...base, version: { ...base.version, updateAvailable: 'BOTH' } });
    menu = await openMenu();
    expect(within(menu).getByRole('link', { name: /Platform update/ })).toHaveTextContent(
      /^Platform update2/,
    );
  });

  it('switches the theme, keeps the choice on this device, and returns to the system setting', async () => {
    renderSignedIn(<SideMenu />, essentials());
    const menu = await openMenu();
    expect(within(menu).getByRole('radio', { name: 'System' })).toBeChecked();
    await userEvent.click(within(menu).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('balancer-theme')).toBe('dark');
    await userEvent.click(within(menu).getByRole('radio', { name: 'Light' }));
    expect(document.documentElement).not.toHaveClass('dark');
    await userEvent.click(within(menu).getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem('balancer-theme')).toBeNull();
  });

  it('disables IP blacklist (2) and Users (5) for an authority-1 user', async () => {
    renderSignedIn(<SideMenu />, essentials({ user: { id: '2', nickname: 'viewer', authority: 1 } }));
    const menu = await openMenu();
    expect(within(menu).queryByRole('link', { name: 'IP address blacklist' })).toBeNull();
    expect(within(menu).getByText('IP address blacklist').closest('[aria-disabled]')).toHaveTextContent(
      'Needs authority 2',
    );
    expect(within(menu).getByText('Users').closest('[aria-disabled]')).toHaveTextContent('Needs authority 5');
  });

  it('opens the socket status dialog with the connection error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stream = fakeStream({ state: 'reconnecting', transport: null, error: 'xhr poll error' });
    renderSignedIn(<SideMenu />, essentials(), undefined, stream);
    await screen.findByRole('button', { name: 'Open menu' });
    await act(() => vi.advanceTimersByTimeAsync(5_000)); // one socket status poll
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: /Realtime connection: Reconnecting/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Realtime connection' });
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Socket Connection Error');
    expect(alert).toHaveTextContent('xhr poll error');
    vi.useRealTimers();
  });

  it('says "Connecting…" without an error while the first attempt is under way, then reports its failure at once', async () => {
    const stream = fakeStream({ state: 'connecting', transport: null, error: null });
    renderSignedIn(<SideMenu />, essentials(), undefined, stream);
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: /Realtime connection: Connecting…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Realtime connection' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText('Socket Connection Error')).toBeNull();
    // The first attempt fails: the status is read on the event, not at the next 5 s poll.
    act(() => stream.setStatus({ state: 'reconnecting', transport: null, error: 'websocket error' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Socket Connection Error');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('websocket error');
  });

  it('shows no connection error while the socket is active', async () => {
    renderSignedIn(<SideMenu />, essentials());
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: /Realtime connection: Connected/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Realtime connection' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('opens the current address in a new tab for a new instance, and under-construction notices', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderSignedIn(<SideMenu />, essentials());
    let menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Create new instance' }));
    expect(open).toHaveBeenCalledWith(window.location.href, '_blank', 'noopener');
    menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Platform walk-through' }));
    expect(await screen.findByRole('dialog', { name: /under construction/i })).toBeVisible();
  });

  it('signs out of all devices', async () => {
    const { calls } = renderSignedIn(<SideMenu />, essentials(), () => null);
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Sign out of all devices' }));
    const signOut = calls.find((call) => call.url.endsWith('auth/jwt/sign-out'));
    expect(signOut?.body).toEqual({ allDevices: true });
  });
});
