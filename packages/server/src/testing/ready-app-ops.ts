import { CodedError, type SessionUser } from '@balancer/core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Config } from '../config/schema.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { AccessControl } from '../http/access-control.js';
import { composeServices, type Services } from '../platform/compose.js';
import { Platform } from '../platform/platform.js';
import type { Clock } from '../shared/clock.js';
import type { ClusterBus } from '../shared/cluster-bus.js';
import { capturingLogger } from './capturing-logger.js';
import { buildAppFor, TEST_CONFIG } from './test-app.js';

/** The one-time code the stand-in users' codes check against. */
export const TEST_OTP_CODE = '123456';
const TEST_TOKEN = /^test-user-([1-5])$/;

/** A stand-in signed-in user of the given authority, with a fixed uuid. */
export function testUser(authority: 1 | 2 | 3 | 4 | 5): SessionUser {
  return { id: `00000000-0000-4000-8000-00000000000${authority}`, nickname: `user${authority}`, authority };
}

const STAND_IN_IDS = new Set(([1, 2, 3, 4, 5] as const).map((authority) => testUser(authority).id));

/** Headers of a request by the stand-in user of `authority` (with the OTP header when `otp`). */
export function asUser(authority: 1 | 2 | 3 | 4 | 5, otp = false): Record<string, string> {
  return {
    authorization: `Bearer test-user-${authority}`,
    ...(otp ? { 'otp-token': TEST_OTP_CODE } : {}),
  };
}

/**
 * The real guards with stand-in identities: the bearer token `test-user-N` is a user of authority
 * N whose one-time code is TEST_OTP_CODE. Any other token goes to the real AccountsService, so
 * real sessions work too. The blacklist is the real one.
 */
function testAccess(services: Services): AccessControl {
  return {
    authenticate: async (token) => {
      const match = TEST_TOKEN.exec(token);
      if (!match) return services.accounts.authenticate(token);
      return testUser(Number(match[1]) as 1 | 2 | 3 | 4 | 5);
    },
    verifyOtp: async (user, code, from) => {
      if (!STAND_IN_IDS.has(user.id)) return services.accounts.verifyOtp(user, code, from);
      if (code !== TEST_OTP_CODE) throw new CodedError('OTP_INVALID');
    },
    isBlacklisted: (ip) => services.blacklist.has(ip),
  };
}

export interface ReadyOpsApp {
  app: FastifyInstance;
  platform: Platform;
  services: Services;
  /** JSON log lines, for tests that look for secrets in them. */
  logLines: string[];
  /** `inject` that returns the parsed envelope along with the response. */
  call(options: InjectOptions): Promise<{ res: LightMyRequestResponse; body: Envelope }>;
}

export interface Envelope {
  success: boolean;
  data: unknown;
  error: string | null;
}

/**
 * The real app on an open, migrated test database, after the start-up work (`onReady`: the
 * blacklist cache, the root account), with stand-in users (see `asUser`). Close `app` when done;
 * the database belongs to the caller.
 */
export async function buildReadyOpsApp(
  handle: DatabaseHandle,
  options: {
    config?: Partial<Config>;
    extend?: (app: FastifyInstance) => void;
    /** The platform's clock (default the system's): a PlatformClock to run a market clock apart. */
    clock?: Clock;
    /** The instances' bus (default one instance's: nobody to tell). */
    bus?: ClusterBus;
  } = {},
): Promise<ReadyOpsApp> {
  const { logger, lines: logLines } = capturingLogger();
  const config = { ...TEST_CONFIG, ...options.config };
  const platform = new Platform();
  platform.markReady(handle);
  const services = composeServices(platform, config, logger, options.clock, null, options.bus);
  // Keep the root account's first-start announcement (a QR code) off the test output.
  services.accounts.environment = { now: services.clock.wallNow, interactive: true, print: () => {} };
  await services.onReady();
  const app = await buildAppFor({ config, logger, platform, services, access: testAccess(services) });
  options.extend?.(app);
  await app.ready();
  const call = async (request: InjectOptions) => {
    const res = await app.inject(request);
    return { res, body: res.json() as Envelope };
  };
  return { app, platform, services, logLines, call };
}
