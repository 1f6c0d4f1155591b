import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Config } from '../config/schema.js';
import type { AccessControl } from '../http/access-control.js';
import type { Logger } from '../logging/logger.js';
import { createLogger } from '../logging/logger.js';
import { SecretMasker } from '../logging/masker.js';
import { composeServices, type Services } from '../platform/compose.js';
import { Platform } from '../platform/platform.js';
import type { CertificatePair } from '../tls/certificate-source.js';

/**
 * The data folder of in-process tests: one per test process, made only by what writes there (a
 * lab download, say) and removed when the process ends, so parallel runs never share files.
 */
const TEST_DATA_DIR = path.join(tmpdir(), `balancer-test-data-${process.pid}`);
// A worker evaluates this module again for each test file (scripts/fresh-file-setup.ts): one
// clean-up per process, not one exit listener per file.
const CLEANUP_REGISTERED = Symbol.for('balancer.test-data-dir-cleanup');
const testProcess = process as NodeJS.Process & { [CLEANUP_REGISTERED]?: true };
if (!testProcess[CLEANUP_REGISTERED]) {
  testProcess[CLEANUP_REGISTERED] = true;
  process.once('exit', () => rmSync(TEST_DATA_DIR, { recursive: true, force: true }));
}

/** A complete configuration for in-process tests: fixed, obviously fake secrets. */
export const TEST_CONFIG: Config = {
  PORT: 0,
  HOST: '127.0.0.1',
  BALANCER_DATA_DIR: TEST_DATA_DIR,
  GUI_URL: [],
  LISTEN_BEFORE_READY: true,
  LOG_LEVEL: 'silent',
  LOG_FORMAT: 'json',
  TRUST_PROXY: false,
  ROOT_NICKNAME: 'root',
  EXCHANGE_MODE: 'simulator',
  EXCHANGE: 'binance',
  QUOTE_ASSET: 'USDT',
  SIMULATOR_SPEED: 60,
  LAB_JOB_CONCURRENCY: 1,
  LAB_SWEEP_THREADS: 2,
  EXCHANGE_STREAMS: false,
  EXCHANGE_SANDBOX: false,
  // Tests never reach the internet: each feature's tests point these at local stand-ins.
  TELEGRAM_API_URL: 'http://127.0.0.1:9',
  // A lab download (POST /lab/downloads) on the configured exchange asks here: refused at once.
  EXCHANGE_API_URL: 'http://127.0.0.1:9/api/v3',
  UPDATE_SOURCE_URL: 'off',
  TLS: 'off',
  HTTP_PORT: 0,
  ACME_DIRECTORY_URL: 'https://127.0.0.1:9/dir',
  JWT_SECRET: 'test-jwt-secret-0123456789-0123456789-0123456789',
  COOKIE_SECRET: 'test-cookie-secret-0123456789-0123456789-01234567',
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64url'),
  PASSWORD_PEPPER: 'test-pepper-0123456789-0123456789-0123456789-0123',
  ALTCHA_HMAC_KEY: 'test-altcha-key-0123456789-0123456789-0123456789-01',
  VAPID_PRIVATE_KEY: Buffer.alloc(32, 9).toString('base64url'),
};

export interface TestAppOptions {
  config?: Partial<Config>;
  webRoot?: string | null;
  /** Log lines, as JSON strings, for tests that inspect them (at config.LOG_LEVEL, else info). */
  logLines?: string[];
  /** Adds routes before the app is sealed (the app's own routes are already there). */
  extend?: (app: FastifyInstance) => void;
  platform?: Platform;
  /** Serve HTTPS with this pair (the app's TLS handling, as start.ts sets it up). */
  https?: CertificatePair;
}

/** The real app, not listening, for `inject()` tests. The platform stays not ready unless given. */
export async function buildTestApp(
  options: TestAppOptions = {},
): Promise<{ app: FastifyInstance; platform: Platform }> {
  const lines = options.logLines;
  const logger = createLogger({
    level: lines ? (options.config?.LOG_LEVEL ?? 'info') : 'silent',
    format: 'json',
    masker: new SecretMasker(),
    sink: { write: (line) => lines?.push(line) },
  });
  const platform = options.platform ?? new Platform();
  const config = { ...TEST_CONFIG, ...options.config };
  const services = composeServices(platform, config, logger);
  const app = await buildAppFor({
    config,
    logger,
    platform,
    services,
    webRoot: options.webRoot ?? null,
    https: options.https,
  });
  options.extend?.(app);
  await app.ready();
  return { app, platform };
}

/**
 * The real app over composed services, as start.ts builds it (not listening). Tests may swap the
 * access control (e.g. stand-in tokens in ready-app-ops.ts) or serve a web folder.
 */
export function buildAppFor(options: {
  config: Config;
  logger: Logger;
  platform: Platform;
  services: Services;
  access?: AccessControl;
  webRoot?: string | null;
  https?: CertificatePair;
}): Promise<FastifyInstance> {
  const { config, logger, platform, services } = options;
  return buildApp({
    config,
    logger,
    platform,
    webRoot: options.webRoot ?? null,
    routes: services.routes,
    access: options.access ?? services.access,
    errorRecorder: services.apiErrors,
    https: options.https ?? null,
    wallNow: services.clock.wallNow,
    rateLimits: services.rateLimits,
  });
}
