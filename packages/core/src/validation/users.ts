import { z } from 'zod';
import { nicknameSchema } from './credentials.js';
import { integerInRange } from './generic.js';

/** Authority levels 1–5, higher includes lower; 5 is root, of which there is one (docs/accounts.md). */
export const MIN_AUTHORITY = 1;
export const ROOT_AUTHORITY = 5;
/** The highest authority the API may give: root is never created, promoted to or demoted. */
export const MAX_ASSIGNABLE_AUTHORITY = 4;

/** Any user's authority, root included. */
export const authoritySchema = integerInRange(
  MIN_AUTHORITY,
  ROOT_AUTHORITY,
  'The authority must be an integer from 1 to 5',
);

/** An authority the API may assign (1–4). */
export const assignableAuthoritySchema = integerInRange(
  MIN_AUTHORITY,
  MAX_ASSIGNABLE_AUTHORITY,
  'The authority must be an integer from 1 to 4',
);

/** Body of creating a user: the user has no password until they set one with their OTP code. */
export const userCreateSchema = z.strictObject({
  nickname: nicknameSchema,
  authority: assignableAuthoritySchema,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** Body of renaming a user. */
export const userRenameSchema = z.strictObject({ newNickname: nicknameSchema });
export type UserRename = z.infer<typeof userRenameSchema>;

/** Body of changing a user's authority. */
export const userAuthorityUpdateSchema = z.strictObject({ newAuthority: assignableAuthoritySchema });
export type UserAuthorityUpdate = z.infer<typeof userAuthorityUpdateSchema>;
