import { CodedError, type PlatformVersion, type VersionSummary } from '@balancer/core';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import { systemTime } from '../../shared/clock.js';
import type { NotificationPort } from '../../shared/notifications.js';
import { fetchManifest } from './fetch-manifest.js';
import type { RunningVersions } from './running.js';
import { loadCheck, type StoredCheck, saveCheck } from './store.js';
import { platformVersion, releaseKey, shownSource, versionSummary } from './view.js';

export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;
export const FETCH_TIMEOUT_MS = 10_000;
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
 * in memory and in platform_meta (so a restart shows the last known release), and announces a
 * newer release once with a notification. Failures are results, logged once per change of status.
 */
export class VersionChecker implements BackgroundTask {
  readonly name = 'version check';
  private state: StoredCheck | undefined;
  private loading: Promise<StoredCheck> | undefined;
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
    if (this.state) return Promise.resolve(this.state);
    this.loading ??= loadCheck(this.platform.database.db).then(
      (stored) => {
        this.state ??= stored;
        return this.state;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
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
    after.notified = await this.announce(after, now);
    this.state = after;
    await saveCheck(this.platform.database.db, after, now);
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

  /** Adds one notification per newer release; returns the release last announced. */
  private async announce(check: StoredCheck, now: number): Promise<string | null> {
    const { latest } = check;
    if (!latest) return check.notified;
    const summary = versionSummary(this.options.running, latest);
    const key = releaseKey(latest);
    if (summary.updateAvailable === null || key === check.notified) return check.notified;
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
      return key;
    } catch (error) {
      this.logger.warn({ err: error }, 'version check: the update notification could not be stored');
      return check.notified;
    }
  }
}
