/** Shapes of the Server screen's calls (docs/server-monitor.md, operations-api.md, notifications.md). */
export interface ServerSample {
  uptime: number;
  cpu: { load: number; loadAverage: [number, number, number]; windowMs?: number };
  memory: { total: number; used: number; percent: number };
  disk: { mount: string; size: number; used: number; percent: number } | null;
  sampledAt: number;
  process: {
    nodeVersion: string;
    platform: string;
    arch: string;
    rss: number;
    uptime: number;
    databaseKind: string;
  };
}

export interface AlarmThresholds {
  cpu: number;
  memory: number;
  disk: number;
}

export interface ApiErrorRecord {
  id: number;
  route: string;
  url: string;
  method: string;
  user_id: string | null;
  /** The caller's nickname; null when anonymous or the account was deleted since. */
  nickname: string | null;
  ip: string | null;
  error: string;
  code: number;
  event_time: number;
  /** How many times the same error came within a minute of `event_time` (1 = once). */
  repeats: number;
}

export interface DatabaseSummary {
  name: string;
  kind: string;
  version: string;
  size: number;
  tables: { name: string; rows: number; rowsEstimated: boolean; size: number }[];
}

export interface TelegramDelivery {
  configured: boolean;
  pending: number;
  sent: number;
  failed: number;
  lastError: string | null;
  lastSentAt: number | null;
}

/** The monitor samples every 60 s; the screen asks as often. */
export const MONITOR_REFRESH_MS = 60_000;
