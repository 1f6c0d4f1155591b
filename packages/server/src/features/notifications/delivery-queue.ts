import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import type { ClusterBus } from '../../shared/cluster-bus.js';
import { ClusterLease } from '../../shared/cluster-lease.js';
import { type DeliveryClock, wallDeliveryClock } from './delivery-clock.js';
import { type AttemptResult, afterAttempt, DELIVERY_INTERVAL_MS } from './delivery-policy.js';
import { type ChannelKey, lastAttemptAt, nextPending, recordAttempt } from './delivery-repository.js';
import type { NotificationRecord } from './repository.js';
import type { DeliveryOutbox } from './service.js';
import type { SendOutcome } from './telegram/bot-api.js';

/**
 * Sends one notification; `signal` aborts it on shutdown; `target` is the row's channel value
 * ('push:<id>' names the device). Never throws.
 */
export type DeliveryTransport = (
  record: NotificationRecord,
  signal: AbortSignal,
  target: string,
) => Promise<SendOutcome>;

/** How long the queue waits before looking again after its database query failed. */
const DATABASE_RETRY_MS = 30_000;

/**
 * The delivery lease's length: far above one request's timeout (10 s), so a holder that renewed
 * it right before a request is done with it long before another instance may take over.
 */
export const DELIVERY_LEASE_MS = 60_000;
/** How often an idle queue looks for rows on PostgreSQL (another instance may have died holding some). */
export const DELIVERY_POLL_MS = 60_000;
/** The bus topic: a notification was queued on another instance. */
const QUEUED_TOPIC = 'notifications:queued';

export interface DeliveryQueueOptions {
  platform: Platform;
  logger: Logger;
  /** The rows this worker owns (default 'telegram'); each channel has its own worker and lease. */
  channel?: ChannelKey;
  /** The channel's name in log lines (default 'Telegram'). */
  label?: string;
  /**
   * Oldest id first, the head waiting out its retries (default); false: the soonest due first
   * (push: one device's retries never hold up another's).
   */
  ordered?: boolean;
  /** Null when the channel is not configured: nothing is queued and the worker never runs. */
  transport: DeliveryTransport | null;
  clock?: DeliveryClock;
  /** Minimum spacing of requests, ms (default 10 s). */
  intervalMs?: number;
  /** The other instances on the database (composeServices); none by default. */
  bus?: ClusterBus;
  /** This instance's name for the delivery lease (default the bus's, else 'local'). */
  instance?: string;
}

/**
 * The durable Telegram queue's worker: sends pending deliveries oldest id first (the head blocks
 * the rest while it waits for a retry, so the order never changes), at most one request per
 * `intervalMs`, retrying as SendOutcome says. Rows live in the database, so pending ones survive
 * a restart. Nothing here waits on Telegram for a caller: add() only wakes the worker.
 *
 * Several instances on one PostgreSQL: only the holder of the 'telegram-delivery' lease
 * (shared/cluster-lease.ts) sends, so the order, the spacing and "once" hold for the cluster. The
 * lease is renewed right before each request and released when the queue is empty; an instance
 * that finds rows while another holds it looks again every interval, and an idle one every
 * DELIVERY_POLL_MS, so the rows of an instance that died are sent by another within a minute
 * or so. A notification queued on another instance wakes this one through the bus.
 */
export class DeliveryQueue implements DeliveryOutbox, BackgroundTask {
  readonly name: string;
  readonly channel: ChannelKey;
  /** The channel's name in log lines ('Telegram', 'e-mail', 'the webhook', 'push'). */
  readonly label: string;
  private readonly ordered: boolean;
  private readonly clock: DeliveryClock;
  private readonly intervalMs: number;
  private running = false;
  private stopController = new AbortController();
  private busy: Promise<void> | undefined;
  private again = false;
  private cancelTimer: (() => void) | undefined;
  /** When the last request went out (epoch ms); -Infinity before the first. */
  private lastAttempt = Number.NEGATIVE_INFINITY;
  /** Fixes already logged: each permanent problem is warned about once per process. */
  private readonly warned = new Set<string>();
  private readonly lease: ClusterLease;
  /** Whether this instance took the lease at its last try (the spacing is read anew when it takes it). */
  private holding = false;
  /** Set on PostgreSQL, where other instances may queue rows (and die holding the lease). */
  private pollMs: number | null = null;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: DeliveryQueueOptions) {
    this.channel = options.channel ?? 'telegram';
    this.label = options.label ?? 'Telegram';
    this.ordered = options.ordered ?? true;
    this.name = `${this.channel} delivery`;
    this.clock = options.clock ?? wallDeliveryClock();
    this.intervalMs = options.intervalMs ?? DELIVERY_INTERVAL_MS;
    const instance = options.instance ?? options.bus?.instance ?? 'local';
    this.lease = new ClusterLease(() => this.db(), `${this.channel}-delivery`, instance, DELIVERY_LEASE_MS);
  }

  get enabled(): boolean {
    return this.options.transport !== null;
  }

  /** Started and not stopped: its rows are being worked on. */
  get active(): boolean {
    return this.running;
  }

  now(): number {
    return this.clock.now();
  }

  async start(): Promise<void> {
    const { logger } = this.options;
    // Not configured: nothing is queued for it (the feature logs which channels are off).
    if (!this.enabled) return;
    this.stopController = new AbortController();
    this.lastAttempt = (await lastAttemptAt(this.db(), this.channel)) ?? Number.NEGATIVE_INFINITY;
    this.pollMs = this.options.platform.database.kind === 'postgresql' ? DELIVERY_POLL_MS : null;
    this.unsubscribe = this.options.bus?.subscribe(QUEUED_TOPIC, () => this.kick());
    this.running = true;
    logger.info({ intervalMs: this.intervalMs }, `notifications are sent to ${this.label}`);
    this.kick();
  }

  /** Cancels the timer, aborts the request in flight (it stays pending) and waits for the worker. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.stopController.abort();
    await this.settled();
    if (this.holding) {
      this.holding = false;
      await this.lease.release().catch(() => {});
    }
  }

  /** A notification was queued here: this worker and the other instances' look. */
  wake(): void {
    if (!this.enabled) return;
    this.options.bus?.publish(QUEUED_TOPIC, null);
    this.kick();
  }

  private kick(): void {
    if (!this.running) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.busy = this.drain()
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'notification delivery paused: database query failed');
        if (this.running) this.cancelTimer = this.clock.timer(DATABASE_RETRY_MS, () => this.kick());
      })
      .finally(() => {
        this.busy = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once the worker has nothing in progress (tests; stop). */
  async settled(): Promise<void> {
    while (this.busy) await this.busy;
  }

  private db() {
    return this.options.platform.database.db;
  }

  /**
   * Sends what is due under the lease, then sets a timer for the next due time (or sleeps until
   * woken, looking again every `pollMs` on PostgreSQL).
   */
  private async drain(): Promise<void> {
    for (;;) {
      this.again = false;
      if (!this.running) return;
      if (!(await nextPending(this.db(), this.channel, this.ordered))) {
        await this.letGo();
        if (this.pollMs !== null) this.later(this.pollMs);
        return;
      }
      // Renewed right before each request: see DELIVERY_LEASE_MS.
      if (!(await this.takeLease())) {
        this.later(this.intervalMs);
        return;
      }
      // Read again under the lease: the previous holder may have sent the head meanwhile.
      const head = await nextPending(this.db(), this.channel, this.ordered);
      if (!head) continue;
      const due = Math.max(head.nextAttemptAt, this.lastAttempt + this.intervalMs);
      const wait = due - this.clock.now();
      if (wait > 0) {
        this.later(wait);
        return;
      }
      await this.attempt(head.record, head.target, head.failures);
    }
  }

  private later(ms: number): void {
    this.cancelTimer = this.clock.timer(ms, () => this.kick());
  }

  /** Takes or renews the lease; on taking it, the last request's time is read (another instance's). */
  private async takeLease(): Promise<boolean> {
    const took = await this.lease.acquire(this.clock.now());
    if (took && !this.holding) {
      const last = await lastAttemptAt(this.db(), this.channel);
      if (last !== null) this.lastAttempt = Math.max(this.lastAttempt, last);
    }
    this.holding = took;
    return took;
  }

  private async letGo(): Promise<void> {
    if (!this.holding) return;
    this.holding = false;
    await this.lease.release();
  }

  private async attempt(record: NotificationRecord, target: string, failures: number): Promise<void> {
    const transport = this.options.transport;
    if (!transport) return;
    const signal = this.stopController.signal;
    this.lastAttempt = this.clock.now();
    const outcome = await transport(record, signal, target);
    // Shutdown: the row stays pending and is sent after the restart (at least once).
    if (outcome.kind === 'stopped' || signal.aborted) return;
    const now = this.clock.now();
    const result = afterAttempt(outcome, failures, now);
    this.report(record.id, outcome, result, now);
    await recordAttempt(this.db(), record.id, target, { ...result, now });
  }

  /** One warning per failed attempt; a permanent refusal only once per problem per process. */
  private report(id: number, outcome: SendOutcome, result: AttemptResult, now: number): void {
    const { logger } = this.options;
    const { label } = this;
    if (outcome.kind === 'rate-limited') {
      const retryAfterSeconds = outcome.retryAfterMs / 1000;
      logger.warn(
        { notification: id, retryAfterSeconds },
        `${label} asked to slow down; the notification waits`,
      );
    } else if (outcome.kind === 'transient') {
      const retryInSeconds = result.state === 'failed' ? null : (result.nextAttemptAt - now) / 1000;
      const message =
        result.state === 'failed'
          ? `${label} delivery failed for good after ${result.failures} errors`
          : `${label} delivery failed; it will be retried`;
      logger.warn(
        { notification: id, failures: result.failures, error: outcome.error, retryInSeconds },
        message,
      );
    } else if (outcome.kind === 'permanent' && !this.warned.has(outcome.fix)) {
      this.warned.add(outcome.fix);
      logger.warn({ notification: id, error: outcome.error }, `${label} delivery refused: ${outcome.fix}`);
    }
  }
}
