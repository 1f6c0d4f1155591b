import { type AccountGuardState, CodedError } from '@balancer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { type GuardKey, parseKey } from './guard-keys.js';
import {
  type AttemptVerdict,
  beginAttempt,
  FORGET_AFTER_MS,
  type GuardScope,
  type GuardState,
  RULES,
  withdrawAttempt,
} from './guessing-policy.js';
import { accountRetention } from './retention.js';
import { toGuardStates } from './throttle-states.js';

const GUARD_RETENTION = accountRetention.find((rule) => rule.table === 'account_guard');

/** Addresses a notice names at most. */
const ADDRESSES_LISTED = 10;

/** Idle rows are deleted at most this often (on an attempt), so the table stays small. */
const PRUNE_EVERY_MS = 60 * 60_000;

/** What the refusal tells the client, by the scope that refused (the catalogue's 4008 says the rest). */
const REFUSALS: Record<GuardScope, string> = {
  'new-devices':
    'too many failed attempts on this account from new devices; try again in {m}, or sign in from a device you signed in from before',
  address:
    'too many failed attempts on this account from this address; try again in {m}, or sign in from a device you signed in from before',
  device: 'too many failed attempts from this device; try again in {m}',
  session: 'too many wrong one-time codes in this session; try again in {m}, or sign out and sign in again',
};

function refusal(scope: GuardScope, lockedUntil: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil - now) / 60_000));
  return REFUSALS[scope].replace('{m}', `${minutes} minute${minutes === 1 ? '' : 's'}`);
}

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

/** Each key's count as it stands if the attempt fails. */
export type Counted = Map<GuardScope, GuardState>;

/**
 * The throttles of guessing-policy.ts on the database, so that they hold across restarts and for
 * every instance on one PostgreSQL. An attempt is counted under all its keys before its password
 * or code is checked, in one transaction holding the rows' locks (taken in key order, so two
 * attempts never deadlock), so parallel guesses are counted one by one; when any key refuses,
 * none is counted. Retention (retention.ts): rows idle for a day whose throttle has ended are
 * deleted by the hourly storage maintenance, and by `begin` at most hourly while attempts come in.
 */
export class GuessingGuard {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: () => Kysely<Database>) {}

  /**
   * Counts an attempt under `keys` at `now` and returns the counts as they stand if it fails;
   * throws ATTEMPTS_THROTTLED (saying which scope and how long) while any key is throttled.
   */
  async begin(keys: readonly GuardKey[], now: number): Promise<Counted> {
    const ordered = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1));
    type Outcome = { refused: { scope: GuardScope; until: number } } | { counted: Counted };
    const outcome = await this.db()
      .transaction()
      .execute(async (trx): Promise<Outcome> => {
        const verdicts: Array<{ key: GuardKey; verdict: AttemptVerdict }> = [];
        for (const key of ordered) {
          // One statement that creates the row or locks the existing one, and returns it: an insert
          // that did nothing followed by a SELECT … FOR UPDATE found no row when a concurrent
          // success deleted it in between (a 6000 on PostgreSQL under load).
          const row = await trx
            .insertInto('account_guard')
            .values({ subject: key.key, attempts: 0, locked_until: null, last_attempt_at: now })
            .onConflict((oc) =>
              oc.column('subject').doUpdateSet((eb) => ({ subject: eb.ref('excluded.subject') })),
            )
            .returning(['attempts', 'locked_until', 'last_attempt_at'])
            .executeTakeFirstOrThrow();
          const state = row.attempts === 0 ? undefined : toState(row);
          verdicts.push({ key, verdict: beginAttempt(RULES[key.scope], state, now) });
        }
        const refused = verdicts
          .flatMap(({ key, verdict }) =>
            verdict.allowed ? [] : [{ scope: key.scope, until: verdict.lockedUntil }],
          )
          .sort((a, b) => b.until - a.until)[0];
        if (refused) return { refused };
        const counted: Counted = new Map();
        for (const { key, verdict } of verdicts) {
          if (!verdict.allowed) continue;
          counted.set(key.scope, verdict.next);
          await trx
            .updateTable('account_guard')
            .set({
              attempts: verdict.next.attempts,
              locked_until: verdict.next.lockedUntil,
              last_attempt_at: verdict.next.lastAttemptAt,
            })
            .where('subject', '=', key.key)
            .execute();
        }
        return { counted };
      });
    await this.prune(now);
    if ('refused' in outcome) {
      throw new CodedError('ATTEMPTS_THROTTLED', refusal(outcome.refused.scope, outcome.refused.until, now));
    }
    return outcome.counted;
  }

  /**
   * The attempt proved the credentials: its new-device count is taken back (`withdrawAttempt`), the
   * other keys' counts start again. One statement or transaction per key, so it never holds one
   * row while waiting for another that a `begin` holds (no deadlock).
   */
  async succeeded(keys: readonly GuardKey[]): Promise<void> {
    for (const key of keys) {
      if (key.scope !== 'new-devices') {
        await this.db().deleteFrom('account_guard').where('subject', '=', key.key).execute();
        continue;
      }
      await this.db()
        .transaction()
        .execute(async (trx) => {
          const row = await trx
            .selectFrom('account_guard')
            .select(['attempts', 'locked_until', 'last_attempt_at'])
            .where('subject', '=', key.key)
            .forUpdate()
            .executeTakeFirst();
          if (!row || row.attempts === 0) return;
          const left = withdrawAttempt(RULES[key.scope], toState(row));
          await (left
            ? trx
                .updateTable('account_guard')
                .set({ attempts: left.attempts, locked_until: left.lockedUntil })
                .where('subject', '=', key.key)
                .execute()
            : trx.deleteFrom('account_guard').where('subject', '=', key.key).execute());
        });
    }
  }

  /** Lifts every throttle of an account (the operator's `unlock`, root's Users screen); false when there was none. */
  async unlock(userId: string): Promise<boolean> {
    const deleted = await this.db()
      .deleteFrom('account_guard')
      .where('subject', 'like', `user:${userId}/%`)
      .returning('attempts')
      .execute();
    return deleted.some((row) => row.attempts > 0);
  }

  /** The addresses new devices failed from on this account within a day of `now`, busiest first (at most 10). */
  async addresses(userId: string, now: number): Promise<Array<{ address: string; attempts: number }>> {
    const prefix = `user:${userId}/address/`;
    const rows = await this.db()
      .selectFrom('account_guard')
      .select(['subject', 'attempts'])
      .where('subject', 'like', `${prefix}%`)
      .where('attempts', '>', 0)
      .where('last_attempt_at', '>=', String(now - FORGET_AFTER_MS))
      .orderBy('attempts', 'desc')
      .orderBy('last_attempt_at', 'desc')
      .orderBy('subject')
      .limit(ADDRESSES_LISTED)
      .execute();
    return rows.map((row) => ({ address: row.subject.slice(prefix.length), attempts: row.attempts }));
  }

  /** Each account's counts and throttles at `now` (accounts without one are not in the map). */
  async states(now: number): Promise<Map<string, AccountGuardState>> {
    const rows = await this.db()
      .selectFrom('account_guard')
      .select(['subject', 'attempts', 'locked_until', 'last_attempt_at'])
      .where('subject', 'like', 'user:%/%')
      .where('attempts', '>', 0)
      .execute();
    const counts = rows.flatMap((row) => {
      const parsed = parseKey(row.subject);
      return parsed ? [{ ...parsed, state: toState(row) }] : [];
    });
    return toGuardStates(counts, now);
  }

  /** The table's retention rule (retention.ts), also applied here: an attack adds rows between runs. */
  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await GUARD_RETENTION?.apply(this.db(), now);
  }
}
