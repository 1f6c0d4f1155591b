import {
  type ChannelStatus,
  type ChannelTestResult,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
} from '@balancer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { DeliveryQueue } from '../delivery-queue.js';
import { channelCounts } from '../delivery-repository.js';
import { countSubscriptions } from '../push/subscriptions.js';
import type { QueuePlan } from '../repository.js';
import { type ChannelRoutes, channelsFor } from './routing.js';

/** Every channel's worker (push: one worker for all devices) and the routing between them. */
export class ChannelSet {
  constructor(
    readonly queues: Readonly<Record<NotificationChannel, DeliveryQueue>>,
    readonly routes: ChannelRoutes,
  ) {}

  /** True when the channel is set up (push always is: it needs subscribed devices). */
  configured(channel: NotificationChannel): boolean {
    return this.queues[channel].enabled;
  }

  private enabledChannels(): NotificationChannel[] {
    return NOTIFICATION_CHANNELS.filter((channel) => this.configured(channel));
  }

  /** Whether the channel's worker runs here (a pending row of a stopped one is not worth waiting for). */
  active(channel: NotificationChannel): boolean {
    return this.queues[channel].active;
  }

  now(): number {
    return this.queues.telegram.now();
  }

  /**
   * Where a notification from `sender` is queued: the configured channels its category is routed
   * to, or every configured channel (`every`: the test notification). Undefined: nowhere.
   */
  plan(sender: string, every: boolean): QueuePlan | undefined {
    const enabled = this.enabledChannels();
    const chosen = every ? enabled : channelsFor(sender, this.routes, enabled);
    if (chosen.length === 0) return undefined;
    return {
      at: this.now(),
      channels: chosen.filter(
        (channel): channel is Exclude<NotificationChannel, 'push'> => channel !== 'push',
      ),
      push: chosen.includes('push'),
    };
  }

  /** Wakes the workers of the channels in `plan` (and the other instances'). */
  wake(plan: QueuePlan): void {
    for (const channel of plan.channels) this.queues[channel].wake();
    if (plan.push) this.queues.push.wake();
  }

  /** Each channel's state for the Server screen (no secrets). */
  async statuses(db: Kysely<Database>): Promise<ChannelStatus[]> {
    const counts = await channelCounts(db);
    const devices = await countSubscriptions(db);
    return NOTIFICATION_CHANNELS.map((channel) => ({
      channel,
      configured: this.configured(channel),
      categories: [...this.routes[channel]],
      devices: channel === 'push' ? devices : null,
      pending: 0,
      sent: 0,
      failed: 0,
      lastSentAt: null,
      lastError: null,
      lastErrorAt: null,
      ...counts.get(channel),
    }));
  }
}

/**
 * What became of one notification on each channel, from its delivery rows: push sums up every
 * device (failed if any failed, pending if any is pending); a channel without rows is not
 * configured (push: no devices).
 */
export function testResults(
  rows: readonly { channel: string; state: string; lastError: string | null }[],
  configured: (channel: NotificationChannel) => boolean,
): ChannelTestResult[] {
  return NOTIFICATION_CHANNELS.map((channel) => {
    const own = rows.filter((row) =>
      channel === 'push' ? row.channel.startsWith('push:') : row.channel === channel,
    );
    if (own.length === 0)
      return {
        channel,
        state: configured(channel) && channel === 'push' ? 'no devices' : 'not configured',
        error: null,
      };
    const failed = own.find((row) => row.state === 'failed');
    const pending = own.find((row) => row.state === 'pending');
    if (failed) return { channel, state: 'failed', error: failed.lastError };
    if (pending) return { channel, state: 'pending', error: pending.lastError };
    return { channel, state: 'sent', error: null };
  });
}
