import { CodedError, isCodedError, type ServerAlarmsConfig } from '@balancer/core';
import type { Logger } from '../../logging/logger.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import { systemTime } from '../../shared/clock.js';
import type { OperatorNotice } from '../../shared/notifications.js';
import { type AlarmState, ARMED, alarmNotification, evaluateAlarms } from './alarms.js';
import type { SystemReader } from './reader.js';
import { type ServerSample, type SystemReading, toSample } from './sample.js';

/** One sample a minute (docs/server-monitor.md). */
export const SAMPLE_INTERVAL_MS = 60_000;
/** A reading that takes longer (a hung network mount) fails, so samples and stop() go on. */
export const READ_TIMEOUT_MS = 10_000;

export interface MonitorDependencies {
  reader: SystemReader;
  /** The alarm thresholds, read for every sample (a change applies at the next one). */
  thresholds: () => Promise<ServerAlarmsConfig>;
  /** Stores a notification raised at `now` (epoch ms). */
  notify: (notification: OperatorNotice, now: number) => Promise<unknown>;
  /** Keeps each sample for the history (history-repository.ts); a failure is logged, sampling goes on. */
  store?: (sample: ServerSample) => Promise<void>;
  logger: Logger;
  now?: () => number;
  intervalMs?: number;
  readTimeoutMs?: number;
}

/**
 * The server monitor: reads the machine at start and then every minute, keeps the latest sample
 * in memory (and each one in the history, through `store`) and turns alarm crossings into
 * notifications. Alarm state lives in memory, so after
 * a restart a metric still above its threshold notifies once more.
 */
export class ServerMonitor implements BackgroundTask {
  readonly name = 'server-monitor';
  private latestSample: ServerSample | null = null;
  private inFlight: Promise<ServerSample> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private alarms: AlarmState = ARMED;
  private readonly now: () => number;

  constructor(private readonly deps: MonitorDependencies) {
    this.now = deps.now ?? systemTime;
  }

  /** Takes the first sample now (in the background) and one every interval after. */
  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.sample().catch((error: unknown) => this.deps.logger.warn({ err: error }, 'server sample failed'));
    };
    tick();
    this.timer = setInterval(tick, this.deps.intervalMs ?? SAMPLE_INTERVAL_MS);
    // The monitor never keeps the process alive on its own.
    this.timer.unref();
  }

  /** Stops the timer and waits for a sample in flight (its notifications included). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.inFlight?.catch(() => {});
  }

  /** The latest sample; when none was taken yet (monitor not started), one is taken now. */
  async latest(): Promise<ServerSample> {
    if (this.latestSample) return this.latestSample;
    try {
      return await this.sample();
    } catch (error) {
      if (isCodedError(error)) throw error;
      throw new CodedError('SERVER_SAMPLE_UNAVAILABLE', (error as Error).message, { cause: error });
    }
  }

  /** Reads the machine once and records the reading; concurrent callers share one reading. */
  sample(): Promise<ServerSample> {
    if (!this.inFlight) {
      const run = this.readAndRecord();
      this.inFlight = run;
      const clear = () => {
        if (this.inFlight === run) this.inFlight = null;
      };
      run.then(clear, clear);
    }
    return this.inFlight;
  }

  private async readAndRecord(): Promise<ServerSample> {
    const taken = this.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      const ms = this.deps.readTimeoutMs ?? READ_TIMEOUT_MS;
      timer = setTimeout(
        () => reject(new CodedError('SERVER_SAMPLE_UNAVAILABLE', `the reading took over ${ms} ms`)),
        ms,
      );
      timer.unref();
    });
    try {
      return await this.record(await Promise.race([this.deps.reader.read(), timeout]), taken);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Keeps a reading taken at `now` as the latest sample, then checks the alarms. An alarm whose
   * notification could not be stored stays armed, so the next sample tries again.
   */
  async record(reading: SystemReading, now: number): Promise<ServerSample> {
    const sample = toSample(reading, now);
    this.latestSample = sample;
    await this.deps.store?.(sample).catch((error: unknown) => {
      this.deps.logger.warn({ err: error }, 'server sample not kept for the history');
    });
    try {
      const { state, events } = evaluateAlarms(this.alarms, sample, await this.deps.thresholds());
      const next = { ...state };
      for (const event of events) {
        try {
          await this.deps.notify(alarmNotification(event), now);
          this.deps.logger.warn({ alarm: event }, `server alarm ${event.kind}`);
        } catch (error) {
          next[event.metric] = this.alarms[event.metric];
          this.deps.logger.error({ err: error, alarm: event }, 'server alarm notification failed');
        }
      }
      this.alarms = next;
    } catch (error) {
      this.deps.logger.error({ err: error }, 'server alarms could not be checked');
    }
    return sample;
  }
}
