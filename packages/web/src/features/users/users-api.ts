/** Shapes of the users calls (docs/accounts.md); the records are defined in core. */
export type { OtpHandover, PasswordUpdate, SessionRecord, UserRecord } from '@balancer/core';

export const USERS_KEY = ['auth', 'user', 'list'] as const;
/** Password updates a history page holds (the route allows 1–30). */
export const HISTORY_PAGE_SIZE = 30;
/** Root's authority: root cannot be renamed, demoted or deleted (code 4007). */
export const ROOT_AUTHORITY = 5;
