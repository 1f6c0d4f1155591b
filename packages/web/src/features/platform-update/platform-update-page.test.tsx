import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEST_LINKS, withLinks } from '../../testing/project-links';
import { callerWith, enterOtp, renderWithApi, routeOf } from '../../testing/render-with-api';
import { PlatformUpdatePage } from './platform-update-page';

vi.mock('../../lib/toast', () => import('../../testing/toast-mock'));

const OLD = 'a'.repeat(40);
const NEW = 'b'.repeat(40);
const UPDATE = {
  api: {
    running: { version: '0.1.0', sha: OLD, eventTime: 1_700_000_000_000 },
    latest: { version: '0.2.0', sha: NEW, eventTime: 1_700_100_000_000 },
  },
  gui: {
    running: { version: '0.2.0', sha: OLD, eventTime: null },
    latest: { version: '0.2.0', sha: NEW, eventTime: 1_700_100_000_000 },
  },
  updateAvailable: 'API',
  check: {
    status: 'unreachable',
    source: 'https://example.org/release.json',
    lastCheckedAt: 1_700_000_000_000,
    error: 'HTTP 404',
  },
  release: { notes: null, url: null },
  steps: [
    { title: 'Back up first', command: 'npm run cli -- backup backup.json' },
    { title: 'Stop the platform', note: 'Ctrl+C' },
  ],
};

describe('PlatformUpdatePage', () => {
  it('shows versions with commit links, the badge state, the check status and numbered steps', async () => {
    renderWithApi(withLinks(<PlatformUpdatePage />), {
      'GET data-join/app-essentials': callerWith(2),
      'GET platform/update': UPDATE,
    });
    expect(await screen.findByText('The API is behind the latest release')).toBeInTheDocument();
    expect(screen.getByText('0.1.0')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'aaaaaaa' });
    expect(links[0]).toHaveAttribute('href', `${TEST_LINKS.sourceCodeUrl}/commit/${OLD}`);
    expect(screen.getByText('Unreachable')).toBeInTheDocument();
    expect(screen.getByText('HTTP 404')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Back up first');
    expect(screen.getByText('npm run cli -- backup backup.json')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Copy the command: npm run cli -- backup backup.json' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check now' })).toBeDisabled());
  });

  it('shows the commits without links when no code host is configured', async () => {
    renderWithApi(<PlatformUpdatePage />, {
      'GET data-join/app-essentials': callerWith(2),
      'GET platform/update': UPDATE,
    });
    expect((await screen.findAllByText('aaaaaaa')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'aaaaaaa' })).toBeNull();
  });

  it('says "Unknown" with the failure, never "Up to date", when no release could be read', async () => {
    const unknown = {
      ...UPDATE,
      api: { ...UPDATE.api, latest: null },
      gui: { ...UPDATE.gui, latest: null },
      updateAvailable: null,
    };
    renderWithApi(<PlatformUpdatePage />, {
      'GET data-join/app-essentials': callerWith(2),
      'GET platform/update': unknown,
    });
    expect(await screen.findByText('Unknown — last check failed: HTTP 404')).toBeInTheDocument();
    expect(screen.queryByText(/Up to date/)).toBeNull();
  });

  it('checks now with a one-time code at authority 3', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<PlatformUpdatePage />, {
      'GET data-join/app-essentials': callerWith(3),
      'GET platform/update': UPDATE,
      'POST platform/update/check': UPDATE,
    });
    const button = await screen.findByRole('button', { name: 'Check now' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await enterOtp(user);
    await waitFor(() =>
      expect(calls.find((c) => routeOf(c) === 'POST platform/update/check')?.headers['otp-token']).toBe(
        '123456',
      ),
    );
  });
});
