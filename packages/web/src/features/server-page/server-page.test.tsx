import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callerWith, enterOtp, type FakeRoutes, renderWithApi, routeOf } from '../../testing/render-with-api';
import { shownToasts } from '../../testing/toast-mock';
import { ServerPage } from './server-page';

vi.mock('../../lib/toast', () => import('../../testing/toast-mock'));
const unread = vi.hoisted(() => ({ set: [] as unknown[] }));
vi.mock('../../essentials', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../essentials')>()),
  useSetUnreadCounts: () => (counts: unknown) => unread.set.push(counts),
}));

const GIB = 1024 ** 3;
const SAMPLE = {
  uptime: 90_061, // 1 day, 1 hour, 1 minute and 1 second
  cpu: { load: 12.3, loadAverage: [0.5, 0.25, 0.13] },
  memory: { total: 16 * GIB, used: 8 * GIB, percent: 50 },
  disk: { mount: '/', size: 100 * GIB, used: 40 * GIB, percent: 40 },
  sampledAt: 1_700_000_000_000,
  process: {
    nodeVersion: 'v20.20.2',
    platform: 'linux',
    arch: 'x64',
    rss: 175 * 1024 ** 2,
    uptime: 3600,
    databaseKind: 'pglite',
  },
};
const API_ERROR = {
  id: 3,
  route: '/position/increase',
  url: '/position/increase',
  method: 'POST',
  user_id: '6f1c2d3e-0000-4000-8000-000000000001',
  nickname: 'alice',
  ip: '198.51.100.7',
  error: 'The exchange is unreachable{(5001)}',
  code: 5001,
  event_time: 1_700_000_000_000,
};

const READY = {
  ready: true,
  database: 'postgresql',
  links: { sourceCodeUrl: null, contactEmail: null },
  tls: { mode: 'off', fingerprint256: null },
  cluster: {
    instance: 'node-b:5075',
    leads: false,
    leader: 'node-a:5075',
    instances: [
      { name: 'node-b:5075', startedAt: 1_700_000_000_000, lastSeen: 1_700_000_060_000, leads: false },
      { name: 'node-a:5075', startedAt: 1_699_000_000_000, lastSeen: 1_700_000_058_000, leads: true },
    ],
  },
};

function routes(authority: number, extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET data-join/app-essentials': callerWith(authority),
    'GET server': SAMPLE,
    'GET server/alarms': { cpu: 75, memory: 70, disk: 80 },
    'GET database/summary': {
      name: 'balancer',
      kind: 'pglite',
      version: '18.1',
      size: 9_216_131,
      tables: [{ name: 'trade', rows: 1204, rowsEstimated: false, size: 466_944 }],
    },
    'GET notification/delivery': {
      configured: false,
      pending: 0,
      sent: 0,
      failed: 0,
      lastError: null,
      lastSentAt: null,
      channels: [
        {
          channel: 'telegram',
          configured: false,
          categories: ['trades', 'alarms'],
          devices: null,
          pending: 0,
          sent: 0,
          failed: 0,
          lastSentAt: null,
          lastError: null,
          lastErrorAt: null,
        },
        {
          channel: 'webhook',
          configured: true,
          categories: ['trades'],
          devices: null,
          pending: 0,
          sent: 2,
          failed: 0,
          lastSentAt: null,
          lastError: 'HTTP 500',
          lastErrorAt: null,
        },
      ],
    },
    'GET api-error': [API_ERROR],
    'GET server/tls': { mode: 'off', fingerprint256: null, names: [], notAfter: null, issuer: null },
    'GET ready': READY,
    'GET server/history': (call: { url: string }) => ({
      range: new URL(call.url).searchParams.get('range'),
      bucketMs: 60_000,
      // The last two minutes (a server that just started).
      points: [
        { at: Date.now() - 120_000, cpu: 10, memory: 50, disk: 40 },
        { at: Date.now() - 60_000, cpu: 35.5, memory: 52, disk: 40.1 },
      ],
    }),
    ...extra,
  };
}

describe('ServerPage', () => {
  it('shows the monitor, the exchange, alarms, database summary, Telegram status and API errors', async () => {
    renderWithApi(<ServerPage />, routes(2));
    expect(await screen.findByText('1d 1h 1m')).toBeInTheDocument();
    expect(screen.getByText('8 GB / 16 GB (50 %)')).toBeInTheDocument();
    expect(screen.getByText('/: 40 GB / 100 GB (40 %)')).toBeInTheDocument();
    expect(await screen.findByText('8.79 MB')).toBeInTheDocument(); // 9216131 / 1024²
    expect(screen.getByText('456 kB')).toBeInTheDocument(); // 466944 / 1024
    expect(await screen.findByText('70 %')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change in Adjustments' })).toHaveAttribute(
      'href',
      '/app/adjustments',
    );
    expect(await screen.findByText(/Not configured/)).toBeInTheDocument();
    // Every channel's row: its state, routing and last error.
    expect(screen.getByRole('row', { name: /Webhook Ready trades/ })).toHaveTextContent('HTTP 500');
    // The code is its badge; the message has no {(5001)} suffix, and the caller is named.
    expect(await screen.findByText('The exchange is unreachable')).toBeInTheDocument();
    expect(screen.queryByText(/\{\(5001\)\}/)).toBeNull();
    expect(screen.getByText(/· alice$/)).toBeInTheDocument();
    expect(screen.queryByText(/6f1c2d3e/)).toBeNull();
    // The exchange card, from the essentials (the fixture's simulator): not real money.
    expect(await screen.findByText('Simulator (not real money)')).toBeInTheDocument();
    // Listing marked them read on the server: the Server badge is cleared at once.
    await waitFor(() => expect(unread.set).toContainEqual({ unreadAPIErrors: 0 }));
  });

  it('charts CPU, memory and disk, and asks the server for the chosen range', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<ServerPage />, routes(2));
    expect(await screen.findByRole('img', { name: /^CPU: now 35.5 %, highest 35.5 %/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Memory: now 52 %, highest 52 %/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Disk: now 40.1 %, highest 40.1 %/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '6 hours' })).toHaveAttribute('aria-pressed', 'true');
    // Two minutes of samples in a 6-hour range: the card says since when.
    expect(screen.getByText(/^Samples since /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('server/history?range=30d'))).toBe(true));
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the HTTPS certificate's mode, fingerprint, names and expiry", async () => {
    const fingerprint256 = Array.from({ length: 32 }, (_, i) =>
      (i * 7).toString(16).padStart(2, '0').toUpperCase(),
    ).join(':');
    renderWithApi(
      <ServerPage />,
      routes(2, {
        'GET server/tls': {
          mode: 'self-signed',
          fingerprint256,
          names: ['localhost', 'pi.local', '192.168.1.20'],
          notAfter: 1_800_000_000_000,
          issuer: 'CN=pi',
        },
      }),
    );
    expect(await screen.findByText('Self-signed')).toBeInTheDocument();
    expect(screen.getByTestId('tls-fingerprint')).toHaveTextContent(fingerprint256);
    expect(screen.getByText('localhost, pi.local, 192.168.1.20')).toBeInTheDocument();
    expect(screen.getByText('CN=pi')).toBeInTheDocument();
  });

  it('names the instance that trades and lists the instances heard from', async () => {
    renderWithApi(<ServerPage />, routes(2));
    await screen.findByText('node-b:5075 (this one)');
    const rows = await screen.findAllByRole('row');
    const cells = (name: string) =>
      Array.from(rows.find((row) => row.textContent?.includes(name))?.querySelectorAll('td') ?? []).map(
        (cell) => cell.textContent,
      );
    expect(screen.getByText('Trading engine on').nextSibling).toHaveTextContent('node-a:5075');
    expect(cells('node-b:5075').slice(0, 2)).toEqual(['node-b:5075 (this one)', 'standby']);
    expect(cells('node-a:5075').slice(0, 2)).toEqual(['node-a:5075', 'trading']);
  });

  it('says when no instance trades (a takeover in progress)', async () => {
    const cluster = { ...READY.cluster, leader: null, instances: READY.cluster.instances.slice(0, 1) };
    renderWithApi(<ServerPage />, routes(2, { 'GET ready': { ...READY, cluster } }));
    expect(await screen.findByText('none at the moment (a takeover is in progress)')).toBeInTheDocument();
  });

  it('warns when another running instance uses the same name', async () => {
    const cluster = { ...READY.cluster, nameShared: true };
    renderWithApi(<ServerPage />, routes(2, { 'GET ready': { ...READY, cluster } }));
    const warning = await screen.findByText(/^Another running instance uses the name/);
    expect(warning).toHaveAttribute('role', 'alert');
    expect(warning).toHaveTextContent(
      `the name ${READY.cluster.instance}: give each instance its own INSTANCE_NAME`,
    );
  });

  it('says plain HTTP when TLS is off', async () => {
    renderWithApi(<ServerPage />, routes(2));
    expect(await screen.findByText(/^Plain HTTP: phones and other devices need HTTPS/)).toBeInTheDocument();
  });

  it('disables deleting errors and the test notification below authority 3', async () => {
    renderWithApi(<ServerPage />, routes(2));
    await screen.findByText('/position/increase');
    expect(screen.getByRole('button', { name: 'Delete all' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send test notification' })).toBeDisabled();
  });

  it('deletes every API error with a one-time code', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<ServerPage />, routes(3, { 'DELETE api-error': { deleted: 1 } }));
    const button = await screen.findByRole('button', { name: 'Delete all' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await enterOtp(user);
    await waitFor(() => expect(shownToasts).toContain('API errors deleted'));
    expect(calls.find((c) => routeOf(c) === 'DELETE api-error')?.headers['otp-token']).toBe('123456');
  });

  it('sends a test notification with a one-time code', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(
      <ServerPage />,
      routes(3, { 'POST notification/test': { stored: true, telegram: 'not configured' } }),
    );
    const button = await screen.findByRole('button', { name: 'Send test notification' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await enterOtp(user);
    await waitFor(() => expect(calls.some((c) => routeOf(c) === 'POST notification/test')).toBe(true));
  });

  it('loads older API errors with the last id as cursor', async () => {
    const user = userEvent.setup();
    const page = Array.from({ length: 30 }, (_, index) => ({ ...API_ERROR, id: 100 - index }));
    const { calls } = renderWithApi(
      <ServerPage />,
      routes(2, {
        'GET api-error': (call: { url: string }) => (call.url.includes('startAtID') ? [API_ERROR] : page),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    // The first page holds ids 100 down to 71 (30 records), so the cursor is 71.
    await waitFor(() => expect(calls.some((c) => c.url.includes('startAtID=71'))).toBe(true));
  });
});
