import { z } from 'zod';
import { epochMsSchema } from './wire.js';

/*
 * Notification channels (docs/notifications.md#channels): where a stored notification is also
 * delivered, which categories each channel receives, and Web Push subscriptions.
 */

/** What a notification is about; each channel receives the categories routed to it. */
export const NOTIFICATION_CATEGORIES = [
  'trades',
  'positions',
  'alarms',
  'security',
  'lab',
  'operations',
] as const;
export const notificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES);
export type NotificationCategory = z.infer<typeof notificationCategorySchema>;

export const NOTIFICATION_CHANNELS = ['telegram', 'email', 'webhook', 'push'] as const;
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/** One channel on the Server screen's delivery card (no secrets: never a URL, token or address). */
export const channelStatusSchema = z.object({
  channel: notificationChannelSchema,
  /** Set up in the configuration (push: always; it needs subscribed devices). */
  configured: z.boolean(),
  categories: z.array(notificationCategorySchema),
  /** push: the subscribed devices; null for the other channels. */
  devices: z.number().int().min(0).nullable(),
  pending: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  lastSentAt: epochMsSchema.nullable(),
  /** The newest error of this channel (pending retry or failed), secret-free. */
  lastError: z.string().nullable(),
  lastErrorAt: epochMsSchema.nullable(),
});
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

/** What became of the test notification on one channel when the answer was sent. */
export const channelTestResultSchema = z.object({
  channel: notificationChannelSchema,
  state: z.enum(['sent', 'failed', 'pending', 'not configured', 'no devices']),
  /** Why it failed or is being retried (secret-free). */
  error: z.string().nullable(),
});
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

const base64url = (name: string, bytes: number) =>
  z
    .string({ error: `The ${name} must be base64url` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `The ${name} must be base64url`)
    .refine(
      (text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes,
      `The ${name} must be ${bytes} bytes`,
    );

/**
 * `PUT /notification/push`: the browser's PushSubscription (its toJSON()). The endpoint is the
 * push service's HTTPS URL; p256dh the 65-byte P-256 public key, auth the 16-byte secret.
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'The endpoint must be an https URL' })
    .max(2048, 'The endpoint must be at most 2048 characters'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: base64url('p256dh key', 65),
    auth: base64url('auth secret', 16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** `GET|PUT|DELETE /notification/push`: the VAPID key and whether this device receives pushes. */
export const pushStateSchema = z.object({
  /** The application server key (VAPID, base64url P-256 public key) for pushManager.subscribe. */
  publicKey: z.string(),
  /** This signed-in device (session) has a stored subscription. */
  subscribed: z.boolean(),
  categories: z.array(notificationCategorySchema),
});
export type PushState = z.infer<typeof pushStateSchema>;
