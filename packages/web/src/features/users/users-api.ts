/** Shapes of the users calls (docs/accounts.md). */
export interface UserRecord {
  id: string;
  nickname: string;
  authority: number;
  /** False until the user sets a password with their one-time code. */
  password_set: boolean;
  created_at: number;
}

export interface OtpHandover {
  otpSecret: string;
  otpauthUri: string;
}

export interface PasswordUpdate {
  id: string;
  event_time: number;
  ip: string | null;
}

export interface SessionRecord {
  id: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
}

export const USERS_KEY = ['auth', 'user', 'list'] as const;
/** Password updates a history page holds (the route allows 1–30). */
export const HISTORY_PAGE_SIZE = 30;
/** Root's authority: root cannot be renamed, demoted or deleted (code 4007). */
export const ROOT_AUTHORITY = 5;
