import { z } from 'zod';
import { passwordUpdateSchema, sessionRecordSchema, userRecordSchema } from './records.js';

/*
 * The accounts routes' answers beyond the records themselves: the access token of a sign-in or
 * refresh, the lists root reads, and the result of an unlock.
 */

/** `POST /auth/jwt/sign-in` and `/auth/jwt/refresh-jwt`: the 15-minute access token (a JWT). */
export const accessTokenSchema = z.string().min(1);

/** `GET /auth/user`: every user. */
export const userListSchema = z.array(userRecordSchema);
/** `GET /auth/user/:id/password-updates`: newest first. */
export const passwordUpdateListSchema = z.array(passwordUpdateSchema);
/** `GET /auth/user/:id/sessions`: the user's signed-in devices. */
export const sessionListSchema = z.array(sessionRecordSchema);

/** `PATCH /auth/user/:id/unlock`: false when the user was not locked. */
export const unlockResultSchema = z.object({ unlocked: z.boolean() });

/** The answer of a route that only acts (sign-out, delete a user, set a password). */
export const noDataSchema = z.null();
