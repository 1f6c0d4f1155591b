import { type AccountGuardState, CodedError } from '@balancer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { beginAttempt, FORGET_AFTER_MS, type GuardState } from './guessing-policy.js';
import { accountRetention } from './retention.js';

/** Whose attempts are counted: an account, or a nickname that matches none. */
export type GuardSubject = { userId: string } | { unknownNickname: string };

export function subjectKey(subject: GuardSubject): string {
  return 'userId' in subject ? `user:${subject.userId}` : `nickname:${subject.unknownNickname.toLowerCase()}`;
}

const GUARD_RETENTION = accountRetention.find((rule) => rule.table === 'account_guard');

/** Idle rows are deleted at most this often (on an attempt), so the table stays small. */
const PRUNE_EVERY_MS = 60 * 60_000;

function toState(row: {
  attempts: number;
  locked_until: string | null;
  last_attempt_at: string;
}): GuardState {
  return {
    attempts: row.attempts,
    lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
    lastAttemptAt: Number(row.last_attempt_at),
  };
}

function minutesLeft(lockedUntil: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil - now) / 60_000));
  return `try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The per-account guessing limit (guessing-policy.ts) on the database, so that it holds across
 * restarts and for every instance on one PostgreSQL. An attempt is counted before its password or
 * code is checked, in a transaction holding the row's lock, so parallel guesses are counted one
 * by one; `succeeded` forgets the count. Retention (retention.ts): rows idle for FORGET_AFTER_MS
 * (a day) whose lock has ended are deleted by the hourly storage maintenance, and by `begin` at
 * most hourly while attempts come in.
 */
export class GuessingGuard {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: () => Kysely<Database>) {}

  /**
   * Counts an attempt on `subject` at `now` and returns the count as it stands if the attempt
   * fails; throws ACCOUNT_LOCKED (saying how long) while the subject is locked.
   */
  async begin(subject: GuardSubject, now: number): Promise<GuardState> {
    const key = subjectKey(subject);
    const verdict = await this.db()
      .transaction()
      .execute(async (trx) => {
        // One statement that creates the row or locks the existing one, and returns it: an insert
        // that did nothing followed by a SELECT … FOR UPDATE found no row when a concurrent
        // success deleted it in between (a 6000 on PostgreSQL under load).
        const row = await trx
          .insertInto('account_guard')
          .values({ subject: key, attempts: 0, locked_until: null, last_attempt_at: now })
          .onConflict((oc) =>
            oc.column('subject').doUpdateSet((eb) => ({ subject: eb.ref('excluded.subject') })),
          )
          .returning(['attempts', 'locked_until', 'last_attempt_at'])
          .executeTakeFirstOrThrow();
        const outcome = beginAttempt(row.attempts === 0 ? undefined : toState(row), now);
        if (outcome.allowed) {
          await trx
            .updateTable('account_guard')
            .set({
              attempts: outcome.next.attempts,
              locked_until: outcome.next.lockedUntil,
              last_attempt_at: outcome.next.lastAttemptAt,
            })
            .where('subject', '=', key)
            .execute();
        }
        return outcome;
      });
    await this.prune(now);
    if (!verdict.allowed) throw new CodedError('ACCOUNT_LOCKED', minutesLeft(verdict.lockedUntil, now));
    return verdict.next;
  }

  /** The attempt proved the credentials: the count starts again. */
  async succeeded(subject: GuardSubject): Promise<void> {
    await this.db().deleteFrom('account_guard').where('subject', '=', subjectKey(subject)).execute();
  }

  /** Lifts a lock (the operator's `unlock`, root's Users screen); false when there was none. */
  async unlock(userId: string): Promise<boolean> {
    const result = await this.db()
      .deleteFrom('account_guard')
      .where('subject', '=', subjectKey({ userId }))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Each account's count and lock at `now` (accounts without one are not in the map). */
  async states(now: number): Promise<Map<string, AccountGuardState>> {
    const rows = await this.db()
      .selectFrom('account_guard')
      .select(['subject', 'attempts', 'locked_until', 'last_attempt_at'])
      .where('subject', 'like', 'user:%')
      .where('attempts', '>', 0)
      .where('last_attempt_at', '>=', String(now - FORGET_AFTER_MS))
      .execute();
    const states = new Map<string, AccountGuardState>();
    for (const row of rows) {
      const lockedUntil = row.locked_until === null ? null : Number(row.locked_until);
      states.set(row.subject.slice('user:'.length), {
        failedAttempts: row.attempts,
        lockedUntil: lockedUntil !== null && lockedUntil > now ? lockedUntil : null,
      });
    }
    return states;
  }

  /** The table's retention rule (retention.ts), also applied here: an attack adds rows between runs. */
  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await GUARD_RETENTION?.apply(this.db(), now);
  }
}
