import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Config } from '../../config/schema.js';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Database } from '../../db/types.js';
import { Platform } from '../../platform/platform.js';
import { capturingLogger } from '../../testing/capturing-logger.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../testing/telegram-server.js';
import { TEST_CONFIG } from '../../testing/test-app.js';
import type { DeliveryClock } from './delivery-clock.js';
import { type NotificationFeature, notificationFeature } from './feature.js';

/** A clock the test moves by hand; due timers fire in time order as it passes them. */
export interface ManualClock extends DeliveryClock {
  advance(ms: number): void;
}

export function manualClock(start: number): ManualClock {
  let current = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => current,
    timer(ms, run) {
      const id = nextId++;
      timers.set(id, { at: current + ms, run });
      return () => timers.delete(id);
    },
    advance(ms) {
      const target = current + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= target)
          .sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due[0]);
        current = due[1].at;
        due[1].run();
      }
      current = target;
    },
  };
}

/** The notifications feature over a test database, its log lines unmasked (to catch raw leaks). */
export interface DeliveryHarness extends NotificationFeature {
  platform: Platform;
  logLines: string[];
}

/**
 * The real feature (service, queue, Bot API client) on `handle`, sending to `stand` with the
 * given overrides (a wrong token or chat id), on `clock`. `stand: null` leaves Telegram unset.
 */
export function deliveryHarness(
  handle: DatabaseHandle,
  stand: TelegramStandIn | null,
  options: {
    clock: DeliveryClock;
    config?: Partial<Config>;
    requestTimeoutMs?: number;
    logLines?: string[];
    /** This instance's name (two harnesses on one database stand for two instances). */
    instance?: string;
  },
): DeliveryHarness {
  const { logger, lines: logLines } = capturingLogger({ level: 'debug', lines: options.logLines ?? [] });
  const platform = new Platform();
  platform.markReady(handle);
  const telegram = stand
    ? { TELEGRAM_API_URL: stand.url, TELEGRAM_BOT_TOKEN: stand.token, TELEGRAM_CHAT_ID: stand.chatId }
    : {};
  const config: Config = { ...TEST_CONFIG, ...telegram, ...options.config };
  const feature = notificationFeature(platform, config, logger, {
    clock: options.clock,
    ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
    ...(options.instance === undefined ? {} : { instance: options.instance }),
  });
  return { ...feature, platform, logLines };
}

/** What a delivery suite shares: the stand-in, this test's clock, and the queues to stop after it. */
export interface TelegramSuite {
  stand: TelegramStandIn;
  clock: ManualClock;
  running: DeliveryHarness[];
}

/**
 * A suite's Telegram stand-in on a manual clock: started once; before each test a fresh clock at
 * `start`, the stand-in's record and every notification (and delivery lease) cleared; after each,
 * the queues in `running` stopped.
 */
export function telegramSuite(db: () => Kysely<Database>, start: number): TelegramSuite {
  const suite = { clock: manualClock(start), running: [] } as unknown as TelegramSuite;
  beforeAll(async () => {
    suite.stand = await startTelegramStandIn({ now: () => suite.clock.now() });
  });
  beforeEach(async () => {
    suite.clock = manualClock(start);
    suite.stand.messages.length = 0;
    suite.stand.requests = 0;
    await db().deleteFrom('notification').execute();
    await db().deleteFrom('cluster_lease').execute();
  });
  afterEach(async () => {
    for (const h of suite.running.splice(0)) await h.queue.stop();
  });
  afterAll(() => suite.stand.close());
  return suite;
}
