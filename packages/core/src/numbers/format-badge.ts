import { CodedError } from '../errors/coded-error.js';

/** From this count on the badge shows '9+'. */
const BADGE_CAP = 9;

/**
 * The text of a count badge (unread notifications, unread API errors): null (hidden) at 0, the
 * count from 1 to 8, '9+' from 9 on. The count must be a non-negative integer.
 */
export function formatBadge(count: number): string | null {
  if (typeof count !== 'number') throw new CodedError('INVALID_TYPE', `badge count is ${typeof count}`);
  if (!Number.isFinite(count)) throw new CodedError('INVALID_VALUE', String(count));
  if (!Number.isInteger(count)) throw new CodedError('INVALID_INTEGER', String(count));
  if (count < 0) throw new CodedError('NEGATIVE_VALUE_NOT_ALLOWED', String(count));
  if (count === 0) return null;
  return count >= BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
