import type { ColumnType, GeneratedAlways } from 'kysely';

/**
 * Tables of migration 0003 (IP blacklist, API error log, notifications). Ids are bigint
 * identities, not uuids: the lists page by an exclusive `startAtID` cursor, newest first, which
 * needs ids that grow with time. pg returns bigint as text; event times are epoch ms.
 */
type Id = GeneratedAlways<string>;
type EpochMs = ColumnType<string, number, number>;

export interface IpBlacklistTable {
  id: Id;
  /** Canonical form (trimmed, lower case, IPv6 zero-compressed, IPv4-mapped → IPv4); unique. */
  ip: string;
  notes: string | null;
  /** When the entry was created or last changed. */
  event_time: EpochMs;
}

export interface ApiErrorTable {
  id: Id;
  /** The route pattern (`/ip-blacklist/:id`), null when no route matched. */
  route: string | null;
  /** The path as requested, without the query string (the query is in `args`). */
  url: string;
  method: string;
  user_id: string | null;
  ip: string;
  /** The coded message as the client received it (`text{(code)}`). */
  error: string;
  code: number;
  /**
   * A signed-in caller's {body, query, params} as the route's schemas declare them, secrets
   * replaced by '[redacted]' (features/api-errors/args.ts); JSON null for anonymous requests.
   * Written as JSON text.
   */
  args: ColumnType<unknown, string, string>;
  event_time: EpochMs;
  /** How many times the same error came within a minute of `event_time` (migration 0008). */
  repeats: ColumnType<number, number | undefined, number>;
}

/** Per user, the newest id already seen: the rows above it are unread. */
export interface ReadMarkTable {
  user_id: string;
  last_read_id: ColumnType<string, number | string, number | string>;
}

export interface NotificationTable {
  id: Id;
  sender: string;
  title: string;
  description: string;
  event_time: EpochMs;
}

export interface OperationsTables {
  ip_blacklist: IpBlacklistTable;
  api_error: ApiErrorTable;
  api_error_read_mark: ReadMarkTable;
  notification: NotificationTable;
  notification_read_mark: ReadMarkTable;
}
