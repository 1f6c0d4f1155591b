/**
 * What a part of the platform tells the operator. `sender` names that part ('API initialiser',
 * 'server', 'websocket', 'market state', 'transaction', 'position', 'planner'; docs/notifications.md).
 */
export interface OperatorNotice {
  sender: string;
  title: string;
  description: string;
}

/**
 * The port through which the engine, the server monitor, the version checker and accounts add
 * notifications, so that none of them imports the notifications feature: platform/compose.ts
 * hands them the platform's one NotificationsService (it stores the notice and queues it for
 * Telegram when configured).
 */
export interface NotificationPort {
  /** Stores a notice raised at `now` (epoch ms); rejects when it cannot be stored. */
  add(notice: OperatorNotice, now: number): Promise<unknown>;
}
