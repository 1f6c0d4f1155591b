import { z } from 'zod';
import { channelStatusSchema, channelTestResultSchema } from './notification-channels.js';
import { projectLinksSchema } from './project-links.js';
import { notificationRecordSchema } from './records.js';
import { tlsPublicSchema } from './tls.js';
import { epochMsSchema } from './wire.js';

/*
 * The operations screens' payloads: the IP blacklist, the API error log, the server monitor, the
 * database summary, notifications and their delivery, and the health checks.
 */

/** One blacklisted address (`/ip-blacklist`); `event_time` is when it was created or last changed. */
export const ipBlacklistEntrySchema = z.object({
  id: z.number().int(),
  ip: z.string(),
  notes: z.string().nullable(),
  event_time: epochMsSchema,
});
export type IpBlacklistEntry = z.infer<typeof ipBlacklistEntrySchema>;
export const ipBlacklistListSchema = z.array(ipBlacklistEntrySchema);

/** One logged API error (`GET /api-error`). */
export const apiErrorRecordSchema = z.object({
  id: z.number().int(),
  /** The route pattern (`/ip-blacklist/:id`), null when no route matched. */
  route: z.string().nullable(),
  url: z.string(),
  method: z.string(),
  user_id: z.string().nullable(),
  /** The caller's nickname; null when anonymous or the account was deleted since. */
  nickname: z.string().nullable(),
  ip: z.string(),
  /** The coded message the client received, `text{(code)}`. */
  error: z.string(),
  code: z.number().int(),
  /** A signed-in caller's {body, query, params}, secrets redacted; null for anonymous requests. */
  args: z.unknown(),
  event_time: epochMsSchema,
  /** How many times this error came, from this IP and user, within a minute of `event_time`. */
  repeats: z.number().int().min(1),
});
export type ApiErrorRecord = z.infer<typeof apiErrorRecordSchema>;
export const apiErrorListSchema = z.array(apiErrorRecordSchema);

/** How many rows a delete-all removed (`DELETE /api-error`). */
export const deletedCountSchema = z.object({ deleted: z.number().int().min(0) });

/** The busiest mounted file system of a sample. */
export const diskSampleSchema = z.object({
  mount: z.string(),
  size: z.number(),
  used: z.number(),
  percent: z.number(),
});

/** The monitor's latest reading; percentages rounded to 0.1, sizes in bytes. */
export const serverSampleSchema = z.object({
  /** Seconds since the machine started. */
  uptime: z.number(),
  /** `windowMs`: what `load` averages over, when shorter than a sampling interval (the first sample). */
  cpu: z.object({
    load: z.number(),
    loadAverage: z.tuple([z.number(), z.number(), z.number()]),
    windowMs: z.number().optional(),
  }),
  memory: z.object({ total: z.number(), used: z.number(), percent: z.number() }),
  /** Null when no file system has a size (a diskless container). */
  disk: diskSampleSchema.nullable(),
  sampledAt: epochMsSchema,
});
export type ServerSample = z.infer<typeof serverSampleSchema>;

export const databaseKindSchema = z.enum(['pglite', 'postgresql']);

/** `GET /server`: the latest sample beside the API process's own figures. */
export const serverStatusSchema = serverSampleSchema.extend({
  process: z.object({
    nodeVersion: z.string(),
    platform: z.string(),
    arch: z.string(),
    /** Bytes of memory the API process holds. */
    rss: z.number(),
    /** Seconds since the API process started. */
    uptime: z.number(),
    databaseKind: databaseKindSchema,
  }),
});
export type ServerStatus = z.infer<typeof serverStatusSchema>;

/** `GET /database/summary`: name, kind, version, size (bytes) and tables, largest first. */
export const databaseSummarySchema = z.object({
  name: z.string(),
  kind: databaseKindSchema,
  /** server_version, e.g. '15.20'. */
  version: z.string(),
  size: z.number(),
  tables: z.array(
    z.object({
      name: z.string(),
      /** PostgreSQL's estimate when the table was analysed (`rowsEstimated`), else an exact count. */
      rows: z.number(),
      rowsEstimated: z.boolean(),
      size: z.number(),
    }),
  ),
});
export type DatabaseSummary = z.infer<typeof databaseSummarySchema>;

/** `GET /notification/delivery`: whether Telegram is configured, and how delivery is going. */
export const deliveryStatusSchema = z.object({
  configured: z.boolean(),
  pending: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** The newest unresolved error (pending retry or failed), secret-free. */
  lastError: z.string().nullable(),
  /** When the newest message was accepted by Telegram. */
  lastSentAt: epochMsSchema.nullable(),
  /** Every channel (Telegram included), its routing and its last success and error. */
  channels: z.array(channelStatusSchema),
});
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** The caller's unread notifications (`PATCH /notification/read`). */
export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });

/** `GET /notification`: a page, newest first, with the caller's unread count. */
export const notificationPageSchema = unreadCountSchema.extend({
  notifications: z.array(notificationRecordSchema),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `POST /notification/test`: the stored notification and what became of its Telegram copy. */
export const notificationTestSchema = z.object({
  stored: notificationRecordSchema,
  telegram: z.enum(['queued', 'not configured']),
  /** Each channel's result (the test goes to every channel, whatever its categories). */
  channels: z.array(channelTestResultSchema),
});

/** `GET /ping`: the caller's IP as the server sees it. */
export const pingSchema = z.object({ ip: z.string() });

/** An instance of the platform on this database, as its heartbeat last said (docs/failover.md). */
export const clusterInstanceSchema = z.object({
  name: z.string(),
  startedAt: epochMsSchema,
  /** Its last heartbeat (every 5 s); instances not heard from for 30 s are not listed. */
  lastSeen: epochMsSchema,
  /** Whether it holds the engine lock (trades), as last reported. */
  leads: z.boolean(),
});
export type ClusterInstance = z.infer<typeof clusterInstanceSchema>;

/** Which instance trades: this one's name, whether it leads, the leader's name, every instance seen recently (this one first). */
export const clusterStatusSchema = z.object({
  instance: z.string(),
  leads: z.boolean(),
  /** The instance holding the engine lock, or null while none does (a takeover in progress). */
  leader: z.string().nullable(),
  instances: z.array(clusterInstanceSchema),
  /**
   * Another running instance has written this instance's name since its last heartbeat
   * (CLUSTER_INSTANCE_NAME_SHARED, 8022): both use the same INSTANCE_NAME. Absent from older versions.
   */
  nameShared: z.boolean().optional(),
});
export type ClusterStatus = z.infer<typeof clusterStatusSchema>;

/**
 * `GET /ready` when ready (while starting it answers 503 with code 6002), with the project's
 * configured links (null when unset), which the landing page reads here, and the TLS mode.
 */
export const readinessSchema = z.object({
  ready: z.literal(true),
  database: databaseKindSchema,
  links: projectLinksSchema,
  /** How the platform serves (docs/https.md): a device compares the fingerprint before trusting it. */
  tls: tlsPublicSchema,
  /** Which instance trades (docs/failover.md). */
  cluster: clusterStatusSchema,
});
export type Readiness = z.infer<typeof readinessSchema>;
