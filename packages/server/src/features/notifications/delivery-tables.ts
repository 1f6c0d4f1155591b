import type { ColumnType } from 'kysely';

/** Epoch ms; pg returns bigint as text. */
type EpochMs = ColumnType<string, number, number>;

export type DeliveryState = 'pending' | 'sent' | 'failed';

/** A notification's delivery to one channel (migrations 0007, 0022): written in the statement that stores it. */
export interface NotificationDeliveryTable {
  notification_id: ColumnType<string, number | string, never>;
  /** 'telegram', 'email', 'webhook' or 'push:<subscription id>' (migration 0022). */
  channel: ColumnType<string, string | undefined, never>;
  state: ColumnType<DeliveryState, DeliveryState | undefined, DeliveryState>;
  /** Requests made, 429 answers included. */
  attempts: ColumnType<number, number | undefined, number>;
  /** Transient failures (5xx, network, timeout); 8 mean "failed". */
  failures: ColumnType<number, number | undefined, number>;
  /** Not before this time (retry waits); 0 = as soon as the rate limit allows. */
  next_attempt_at: ColumnType<string, number | undefined, number>;
  /** Why the last attempt failed (never the token or the chat id); null once sent. */
  last_error: string | null;
  updated_at: EpochMs;
}

/** A Web Push subscription of one signed-in session (migration 0022). */
export interface PushSubscriptionTable {
  id: ColumnType<string, never, never>;
  user_id: string;
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: EpochMs;
}
