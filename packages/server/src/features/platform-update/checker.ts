import { CodedError, type PlatformVersion, type VersionSummary } from '@balancer/core';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import { systemTime } from '../../shared/clock.js';
import type { NotificationPort } from '../../shared/notifications.js';
import { ReadCache } from '../../shared/read-cache.js';
import { fetchManifest } from './fetch-manifest.js';
import type { RunningVersions } from './running.js';
import { claimAnnouncement, loadCheck, releaseAnnouncement, type StoredCheck, saveCheck } from './store.js';
import { platformVersion, releaseKey, shownSource, versionSummary } from './view.js';

export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;
export const FETCH_TIMEOUT_MS = 10_000;
/** How long a read of the stored result is kept: another instance's check shows here within it. */
export const VERSION_CACHE_MS = 2_000;
/** Notification sender: the version checker speaks as the 'API initialiser' (docs/notifications.md). */
export const UPDATE_SENDER = 'API initialiser';

export interface VersionCheckerOptions {
  /** UPDATE_SOURCE_URL: the manifest's URL, or 'off'. */
  source: string;
  running: RunningVersions;
  now?: () => number;
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Reads the latest release's manifest at start and every 6 h (docs/platform-update.md), keeps the result
 * in platform_meta (so a restart shows the last known release) and reads it from there (kept
 * VERSION_CACHE_MS), and announces a newer release once with a notification. Failures are
 * results, logged once per change of status.
 *
 * Several instances on one database each check (the same manifest, harmless), show the newest
 * result any of them stored, and announce a release once between them (`claimAnnouncement`).
 */
export class VersionChecker implements BackgroundTask {
  readonly name = 'version check';
  private readonly stored: ReadCache<'check', StoredCheck>;
  private inFlight: Promise<void> | undefined;
  private controller: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(
    private readonly platform: Platform,
    private readonly notifications: NotificationPort,
    private readonly logger: Logger,
    private readonly options: VersionCheckerOptions,
  ) {
    this.now = options.now ?? systemTime;
    this.stored = new ReadCache(VERSION_CACHE_MS, this.now, 1);
  }

  get enabled(): boolean {
    return this.options.source !== 'off';
  }

  start(): void {
    if (!this.enabled) return;
    void this.checkInBackground();
    this.timer = setInterval(
      () => void this.checkInBackground(),
      this.options.intervalMs ?? CHECK_INTERVAL_MS,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.controller?.abort(new CodedError('UPDATE_CHECK_STOPPED'));
    await this.inFlight?.catch(() => {});
  }

  /** Checks now; a check already running is joined. Throws UPDATE_CHECK_OFF when turned off. */
  async check(): Promise<PlatformVersion> {
    if (!this.enabled) throw new CodedError('UPDATE_CHECK_OFF', 'set UPDATE_SOURCE_URL to a manifest URL');
    this.inFlight ??= this.runCheck().finally(() => {
      this.inFlight = undefined;
    });
    await this.inFlight;
    return this.version();
  }

  async version(): Promise<PlatformVersion> {
    return platformVersion(this.options.running, await this.load(), this.options.source);
  }

  async summary(): Promise<VersionSummary> {
    return versionSummary(this.options.running, (await this.load()).latest);
  }

  private load(): Promise<StoredCheck> {
    return this.stored.get('check', () => loadCheck(this.platform.database.db));
  }

  private async checkInBackground(): Promise<void> {
    await this.check().catch((error: unknown) =>
      this.logger.error({ err: error }, 'the version check failed to record its result'),
    );
  }

  private async runCheck(): Promise<void> {
    const before = await this.load();
    const controller = new AbortController();
    this.controller = controller;
    let outcome: Awaited<ReturnType<typeof fetchManifest>>;
    try {
      outcome = await fetchManifest(
        this.options.source,
        controller.signal,
        this.options.timeoutMs ?? FETCH_TIMEOUT_MS,
      );
    } catch {
      return; // Stopped mid-fetch: nothing to record.
    } finally {
      this.controller = undefined;
    }
    const now = this.now();
    const after: StoredCheck =
      outcome.status === 'ok'
        ? { ...before, status: 'ok', lastCheckedAt: now, error: null, latest: outcome.manifest }
        : { ...before, status: outcome.status, lastCheckedAt: now, error: outcome.error };
    this.logChange(before, after);
    const db = this.platform.database.db;
    this.stored.changed();
    await saveCheck(db, after, now);
    await this.announce(after, now);
    this.stored.changed();
  }

  /** One log line per change of status, so an unreachable source is not reported every 6 h. */
  private logChange(before: StoredCheck, after: StoredCheck): void {
    if (before.status === after.status) return;
    const source = shownSource(this.options.source);
    if (after.status === 'ok') {
      if (before.status !== 'never-checked')
        this.logger.info({ source }, 'version check: the update source answers again');
    } else this.logger.warn({ source, status: after.status, error: after.error }, 'version check failed');
  }

  /** Adds one notification per newer release, on whichever instance claims it first. */
  private async announce(check: StoredCheck, now: number): Promise<void> {
    const { latest } = check;
    if (!latest) return;
    const summary = versionSummary(this.options.running, latest);
    const key = releaseKey(latest);
    if (summary.updateAvailable === null || key === check.notified) return;
    const db = this.platform.database.db;
    if (!(await claimAnnouncement(db, key))) return;
    const parts = [
      `API ${latest.api.version} (running ${summary.api.running.version ?? 'unknown'})`,
      `GUI ${latest.gui.version} (running ${summary.gui.running.version ?? 'unknown'})`,
    ];
    try {
      await this.notifications.add(
        {
          sender: UPDATE_SENDER,
          title: 'A new Balancer version is available',
          description: `${parts.join('; ')}. The Platform update screen shows how to upgrade this install.`,
        },
        now,
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'version check: the update notification could not be stored');
      await releaseAnnouncement(db, key, check.notified);
    }
  }
}
