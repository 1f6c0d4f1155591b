// Shared by the benchmarks that sign users in (signin.ts, stream.ts, security.ts): creates them before the
// server starts, reaching the database the way the cli does, then starts the platform in-process.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AccountsService,
  createLogger,
  loadConfig,
  migrateToLatest,
  openDatabase,
  Platform,
  SecretMasker,
  startPlatform,
} from '@balancer/server';
import { call, codeAt, freePort, REFRESH_COOKIE, STREAM_PATH, solvedCaptcha } from '@balancer/server/testing';
import { io as connectClient, type Socket } from 'socket.io-client';

const OTP_STEP_MS = 30_000;

/**
 * A new temporary data folder (`balancer-bench-<name>-…`; remove it when done) and the environment
 * of a platform on it on a free loopback port, JSON logs, with `extra` on top.
 */
export async function benchEnvironment(
  name: string,
  extra: Record<string, string> = {},
): Promise<{ dir: string; env: Record<string, string> }> {
  const dir = mkdtempSync(path.join(tmpdir(), `balancer-bench-${name}-`));
  const env = {
    BALANCER_DATA_DIR: dir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
    ...extra,
  };
  return { dir, env };
}

export interface BenchUser {
  nickname: string;
  secret: string;
  password: string;
}

/**
 * Root (as after a first start; its secret stays unprinted) and `count` users of `authority`
 * (1 unless told) named `<prefix>0…`, each with its one-time-code secret and a password it has
 * not set yet.
 */
export async function prepareUsers(
  env: Record<string, string>,
  prefix: string,
  count: number,
  authority: 1 | 2 | 3 | 4 = 1,
): Promise<BenchUser[]> {
  const { config } = loadConfig(env);
  const handle = await openDatabase({ dataDir: config.BALANCER_DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    const platform = new Platform();
    platform.markReady(handle);
    const logger = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
    const accounts = new AccountsService(platform, config, logger);
    await accounts.rootOtp(false);
    const users: BenchUser[] = [];
    for (let i = 0; i < count; i++) {
      const created = await accounts.createUser({ nickname: `${prefix}${i}`, authority });
      const { otpSecret } = await accounts.otpHandover(created.id);
      users.push({ nickname: created.nickname, secret: otpSecret, password: `Bench-${prefix}-${i}-pa55!` });
    }
    return users;
  } finally {
    await handle.close();
  }
}

/**
 * The real platform in this process on `env`, its log lines formatted as in production and thrown
 * away (so the bench output stays readable), with the loopback URL it listens on.
 */
export async function startBenchPlatform(
  env: Record<string, string>,
): Promise<{ running: Awaited<ReturnType<typeof startPlatform>>; url: string }> {
  const running = await startPlatform({
    // No version check against the internet from a benchmark.
    loaded: loadConfig({ UPDATE_SOURCE_URL: 'off', ...env }),
    webRoot: null,
    sink: { write: () => true },
  });
  const address = running.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { running, url };
}

/**
 * Sets the password with this step's code, signs in with the next step's; returns the refresh
 * cookie and the access token.
 */
export async function signInOverApi(
  app: Parameters<typeof call>[0],
  person: BenchUser,
): Promise<{ cookie: string; token: string }> {
  const base = { nickname: person.nickname };
  const password = await call(app, {
    method: 'PATCH',
    url: '/auth/user/password',
    body: {
      ...base,
      newPassword: person.password,
      otpToken: await codeAt(person.secret, Date.now()),
      altchaPayload: await solvedCaptcha(app),
    },
  });
  if (!password.success) throw new Error(`setting the password failed: ${password.error}`);
  const signedIn = await call(app, {
    method: 'POST',
    url: '/auth/jwt/sign-in',
    body: {
      ...base,
      password: person.password,
      // One step ahead: later than the step just spent, within the ±1 step the server accepts.
      otpToken: await codeAt(person.secret, Date.now() + OTP_STEP_MS),
      altchaPayload: await solvedCaptcha(app),
    },
  });
  if (!signedIn.refreshCookie) throw new Error(`sign-in failed: ${signedIn.error}`);
  return { cookie: signedIn.refreshCookie, token: String(signedIn.data) };
}

/**
 * A stream client (websocket) on `url` with this refresh cookie, once it is connected; `listen`
 * adds its event handlers before it connects (the essentials come whole right after connect).
 */
export function connectStream(
  url: string,
  cookie: string,
  listen?: (socket: Socket) => void,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectClient(url, {
      path: STREAM_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie: `${REFRESH_COOKIE}=${encodeURIComponent(cookie)}` },
      reconnection: false,
      forceNew: true,
    });
    listen?.(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
