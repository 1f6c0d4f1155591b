import { type ClusterStatus, CodedError } from '@balancer/core';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import { beat, forget, type SeenInstance } from './repository.js';

/** How often an instance records that it is alive, ms of wall time. */
export const INSTANCE_BEAT_MS = 5_000;

/**
 * This instance's row in `cluster_instance` (docs/failover.md): a heartbeat every 5 s saying
 * whether it leads (holds the engine lock), and the list of instances seen recently as of the
 * last heartbeat, which `/ready` and the Server screen show without a query of their own.
 */
export class ClusterInstances implements BackgroundTask {
  readonly name = 'cluster instances';
  private readonly startedAt: number;
  private lastSeen: number;
  private seen: SeenInstance[] = [];
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private failing = false;
  /** Another running instance wrote this name since the previous heartbeat (see `beat`). */
  private nameShared = false;

  constructor(
    private readonly platform: Platform,
    readonly instance: string,
    private readonly now: () => number,
    /** Whether this instance's engine holds the lock now. */
    private readonly leads: () => boolean,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
    /** The check value of this instance's secrets (secrets-check.ts), on every heartbeat. */
    private readonly secretsCheck = '',
  ) {
    this.startedAt = now();
    this.lastSeen = this.startedAt;
  }

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.beating;
    await forget(this.platform.database.db, this.instance).catch(() => undefined);
  }

  /** Which instance trades, and who else was heard from: this instance first, live; the others as of the last heartbeat. */
  status(): ClusterStatus {
    const leads = this.leads();
    const others = this.seen.filter((seen) => seen.name !== this.instance);
    const leaders = others
      .filter((seen) => seen.leaderSince !== null)
      .sort((a, b) => (b.leaderSince ?? 0) - (a.leaderSince ?? 0));
    const self = { name: this.instance, startedAt: this.startedAt, lastSeen: this.lastSeen, leads };
    return {
      instance: this.instance,
      leads,
      nameShared: this.nameShared,
      leader: leads ? this.instance : (leaders[0]?.name ?? null),
      instances: [
        self,
        ...others.map(({ name, startedAt, lastSeen, leads }) => ({ name, startedAt, lastSeen, leads })),
      ],
    };
  }

  /** One heartbeat now (the task runs it every INSTANCE_BEAT_MS). */
  async beat(): Promise<void> {
    const now = this.now();
    try {
      const { seen, nameShared } = await beat(this.platform.database.db, {
        name: this.instance,
        startedAt: this.startedAt,
        now,
        previous: this.lastSeen,
        leads: this.leads(),
        secretsCheck: this.secretsCheck,
      });
      this.seen = seen;
      this.lastSeen = now;
      this.failing = false;
      // Logged once while it lasts: each heartbeat of the two overwrites the other's row.
      if (nameShared && !this.nameShared)
        this.logger.error(
          { err: new CodedError('CLUSTER_INSTANCE_NAME_SHARED', `INSTANCE_NAME=${this.instance}`) },
          'another running instance uses this INSTANCE_NAME: give each instance its own (docs/cluster.md)',
        );
      this.nameShared = nameShared;
    } catch (error) {
      // Logged once per outage; the list keeps what the last heartbeat saw.
      if (!this.failing) this.logger.warn({ err: error }, 'cluster heartbeat failed');
      this.failing = true;
    }
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.beating = this.beat().finally(() => {
        this.beating = null;
        if (this.timer !== null) this.schedule(INSTANCE_BEAT_MS);
      });
    }, ms);
    this.timer.unref();
  }
}
