import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callerWith, enterOtp, renderWithApi, routeOf } from '../../testing/render-with-api';
import { shownToasts } from '../../testing/toast-mock';
import { UsersPage } from './users-page';

vi.mock('../../lib/toast', () => import('../../testing/toast-mock'));
// The QR encoder is exercised in the browser test; here it resolves to a tiny SVG.
vi.mock('qrcode', () => ({ toString: async () => '<svg data-testid="qr"></svg>' }));

const UNLOCKED = { failedAttempts: 0, newDevicesThrottledUntil: null, throttles: [] };
const ROOT = {
  id: 'r',
  nickname: 'root',
  authority: 5,
  password_set: true,
  created_at: 1_700_000_000_000,
  guard: UNLOCKED,
};
const ALICE = {
  id: 'a',
  nickname: 'alice',
  authority: 2,
  password_set: false,
  created_at: 1_700_000_000_000,
  guard: UNLOCKED,
};
const HANDOVER = {
  otpSecret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Balancer:bob?secret=JBSWY3DPEHPK3PXP',
};

describe('UsersPage', () => {
  it('creates a user with a code and shows the secret, QR code and URI to hand over', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: vi.fn(async () => {}) },
    });
    const { calls } = renderWithApi(<UsersPage />, {
      'GET data-join/app-essentials': callerWith(5),
      'GET auth/user': [ROOT],
      'POST auth/user': { ...ALICE, id: 'b', nickname: 'bob' },
      'GET auth/user/b/otp-secret': HANDOVER,
    });
    const show = await screen.findByRole('button', { name: 'Show secret: root' }, { timeout: 5000 });
    // Each action says what it does in visible text at every width, not only by its icon.
    expect(show).toHaveTextContent('Show secret');
    expect(show.querySelector('.hidden')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await user.type(screen.getByLabelText('Nickname'), 'bob');
    await user.selectOptions(screen.getByLabelText('Authority'), '3');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await enterOtp(user);
    expect(await screen.findByRole('dialog', { name: 'One-time-code secret of bob' })).toBeInTheDocument();
    expect(screen.getByText(HANDOVER.otpSecret)).toBeInTheDocument();
    expect(screen.getByText(HANDOVER.otpauthUri)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    const post = calls.find((c) => routeOf(c) === 'POST auth/user');
    expect(post?.body).toEqual({ nickname: 'bob', authority: 3 });
    expect(post?.headers['otp-token']).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Copy the secret' }));
    await waitFor(() => expect(shownToasts).toContain(`Copied to clipboard: ${HANDOVER.otpSecret}`));
  });

  it("disables root's rename, authority and delete", async () => {
    renderWithApi(<UsersPage />, {
      'GET data-join/app-essentials': callerWith(5),
      'GET auth/user': [ROOT, ALICE],
    });
    await screen.findByText('alice');
    expect(screen.getByRole('button', { name: 'Rename: root' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Authority: root' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete: root' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New secret: root' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete: alice' })).toBeEnabled();
  });

  it('renames with the new nickname and shows a taken nickname in the form', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<UsersPage />, {
      'GET data-join/app-essentials': callerWith(5),
      'GET auth/user': [ROOT, ALICE],
      'PATCH auth/user/a/nickname': { fail: 'The nickname is taken{(4752)}' },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename: alice' }));
    const field = screen.getByLabelText('Nickname');
    await user.clear(field);
    await user.type(field, 'root');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await enterOtp(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('The nickname is taken');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ newNickname: 'root' });
  });

  it('rotates a secret and shows the new one', async () => {
    const user = userEvent.setup();
    renderWithApi(<UsersPage />, {
      'GET data-join/app-essentials': callerWith(5),
      'GET auth/user': [ROOT, ALICE],
      'PATCH auth/user/a/otp-secret': HANDOVER,
    });
    await user.click(await screen.findByRole('button', { name: 'New secret: alice' }));
    await enterOtp(user);
    expect(await screen.findByRole('dialog', { name: 'One-time-code secret of alice' })).toBeInTheDocument();
    expect(screen.getByText(HANDOVER.otpSecret)).toBeInTheDocument();
  });

  it('shows password updates and sessions: readable devices, this device marked, the others can be ended', async () => {
    const user = userEvent.setup();
    const session = { created_at: 1, last_used_at: 2, expires_at: 3, ip: '198.51.100.5' };
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
    const { calls } = renderWithApi(<UsersPage />, {
      'GET data-join/app-essentials': callerWith(5),
      'GET auth/user': [ROOT, ALICE],
      'GET auth/user/a/password-updates': [{ id: 'p1', event_time: 1_700_000_000_000, ip: '198.51.100.4' }],
      'GET auth/user/a/sessions': [
        { ...session, id: 's1', user_agent: chrome, current: true },
        {
          ...session,
          id: 's2',
          user_agent: 'Mozilla/5.0 (Windows NT 10.0; rv:131.0) Gecko/20100101 Firefox/131.0',
          current: false,
        },
        { ...session, id: 's3', user_agent: 'some-script/1.0', current: false },
      ],
      'DELETE auth/jwt/sessions/s2': null,
    });
    await user.click(await screen.findByRole('button', { name: 'History: alice' }));
    expect(await screen.findByText(/198\.51\.100\.4/)).toBeInTheDocument();
    const thisDevice = await screen.findByRole('listitem', { name: 'Chrome on Linux (this device)' });
    expect(thisDevice).toHaveTextContent('This device');
    expect(screen.getByText('Chrome on Linux')).toHaveAttribute('title', chrome);
    expect(screen.queryByRole('button', { name: 'End the session on Chrome on Linux' })).toBeNull();
    expect(screen.getByText('some-script/1.0')).toBeInTheDocument(); // unknown: the raw text
    await user.click(screen.getByRole('button', { name: 'End the session on Firefox on Windows' }));
    await waitFor(() => expect(calls.some((c) => routeOf(c) === 'DELETE auth/jwt/sessions/s2')).toBe(true));
    // The list is read again after ending one.
    await waitFor(() =>
      expect(calls.filter((c) => routeOf(c) === 'GET auth/user/a/sessions')).toHaveLength(2),
    );
  });

  it('shows a throttled account with its failed attempts and addresses, and unlocks it with a code', async () => {
    const user = userEvent.setup();
    const locked = {
      ...ALICE,
      guard: {
        failedAttempts: 12,
        newDevicesThrottledUntil: 1_700_000_120_000,
        throttles: [
          { scope: 'new-devices', detail: null, failedAttempts: 10, throttledUntil: 1_700_000_120_000 },
          { scope: 'address', detail: '203.0.113.7', failedAttempts: 5, throttledUntil: 1_700_000_060_000 },
          { scope: 'session', detail: 's1', failedAttempts: 2, throttledUntil: null },
        ],
      },
    };
    const { calls } = renderWithApi(<UsersPage />, {
      'GET data-join/app-essentials': callerWith(5),
      'GET auth/user': [ROOT, locked],
      'PATCH auth/user/a/unlock': { unlocked: true },
    });
    expect(
      await screen.findByText(
        /^New devices refused until .* after 12 failed password or code attempts \(devices used before still get in\)$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^address 203\.0\.113\.7: 5 failed, refused until /)).toBeInTheDocument();
    expect(screen.getByText('session s1: 2 failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock: root' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unlock: alice' }));
    await enterOtp(user);
    await waitFor(() => expect(calls.some((c) => routeOf(c) === 'PATCH auth/user/a/unlock')).toBe(true));
    expect(calls.find((c) => routeOf(c) === 'PATCH auth/user/a/unlock')?.headers['otp-token']).toBe('123456');
  });

  it('lists nothing and disables creating for a caller below root', async () => {
    const { calls } = renderWithApi(<UsersPage />, { 'GET data-join/app-essentials': callerWith(4) });
    expect(await screen.findByText('Only root (authority 5) manages users.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create user' })).toBeDisabled();
    expect(calls.some((c) => routeOf(c) === 'GET auth/user')).toBe(false);
  });
});
