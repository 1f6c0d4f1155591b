import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callerWith, enterOtp, renderWithApi, routeOf } from '../../testing/render-with-api';
import { shownToasts } from '../../testing/toast-mock';
import { IpBlacklistPage } from './ip-blacklist-page';

vi.mock('../../lib/toast', () => import('../../testing/toast-mock'));

const ENTRY = { id: 7, ip: '203.0.113.9', notes: 'scanner from logs', event_time: 1_700_000_000_000 };

describe('IpBlacklistPage', () => {
  it('lists entries and searches on the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<IpBlacklistPage />, {
      'GET data-join/app-essentials': callerWith(3),
      'GET ip-blacklist': [ENTRY],
    });
    expect(await screen.findByText('203.0.113.9')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search by IP address or notes'), 'scanner{Enter}');
    await waitFor(() => expect(calls.some((c) => c.url.includes('search=scanner'))).toBe(true));
  });

  it('adds an entry with a one-time code', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<IpBlacklistPage />, {
      'GET data-join/app-essentials': callerWith(3),
      'GET ip-blacklist': [],
      'POST ip-blacklist': ENTRY,
    });
    await screen.findByText('No IP address is blacklisted.');
    await user.click(await screen.findByRole('button', { name: 'Add IP address' }));
    await user.type(screen.getByLabelText('IP address'), '203.0.113.9');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await enterOtp(user);
    await waitFor(() => expect(calls.find((c) => routeOf(c) === 'POST ip-blacklist')).toBeDefined());
    const post = calls.find((c) => routeOf(c) === 'POST ip-blacklist');
    expect(post?.body).toEqual({ ip: '203.0.113.9' });
    expect(post?.headers['otp-token']).toBe('123456');
  });

  it('validates with the shared schema before asking for a code', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<IpBlacklistPage />, {
      'GET data-join/app-essentials': callerWith(3),
      'GET ip-blacklist': [],
    });
    await user.click(await screen.findByRole('button', { name: 'Add IP address' }));
    await user.type(screen.getByLabelText('IP address'), 'not-an-ip');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByLabelText('IP address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText('Digit 1 of 6')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's coded refusal in the form", async () => {
    const user = userEvent.setup();
    renderWithApi(<IpBlacklistPage />, {
      'GET data-join/app-essentials': callerWith(3),
      'GET ip-blacklist': [],
      'POST ip-blacklist': { fail: 'The IP address is already blacklisted{(4475)}' },
    });
    await user.click(await screen.findByRole('button', { name: 'Add IP address' }));
    await user.type(screen.getByLabelText('IP address'), '203.0.113.9');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await enterOtp(user);
    const dialog = await screen.findByRole('dialog', { name: 'Blacklist an IP address' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The IP address is already blacklisted',
    );
  });

  it('lets authority 2 view but not change', async () => {
    renderWithApi(<IpBlacklistPage />, {
      'GET data-join/app-essentials': callerWith(2),
      'GET ip-blacklist': [ENTRY],
    });
    await screen.findByText('203.0.113.9');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add IP address' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Edit 203.0.113.9' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete 203.0.113.9' })).toBeDisabled();
  });

  it('deletes an entry with a code and toasts', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<IpBlacklistPage />, {
      'GET data-join/app-essentials': callerWith(3),
      'GET ip-blacklist': [ENTRY],
      'DELETE ip-blacklist/7': null,
    });
    const remove = await screen.findByRole('button', { name: 'Delete 203.0.113.9' });
    await waitFor(() => expect(remove).toBeEnabled());
    await user.click(remove);
    await enterOtp(user);
    await waitFor(() => expect(shownToasts).toContain('Entry deleted'));
    expect(calls.some((c) => routeOf(c) === 'DELETE ip-blacklist/7')).toBe(true);
  });
});
