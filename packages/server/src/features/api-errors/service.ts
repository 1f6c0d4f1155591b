import { CodedError, formatCodedMessage } from '@balancer/core';
import type { FastifyRequest } from 'fastify';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { ErrorRecorder } from '../../plugins/envelope.js';
import type { ZodRouteSchema } from '../../plugins/zod-validation.js';
import { systemTime } from '../../shared/clock.js';
import { written } from '../../shared/read-cache.js';
import { describeArguments, truncate } from './args.js';
import {
  type ApiErrorRecord,
  countUnread,
  countUnreadByUser,
  deleteAllApiErrors,
  insertApiError,
  listApiErrors,
  type NewApiError,
  raiseReadMark,
  setRepeats,
} from './repository.js';
import { capApiErrors } from './retention.js';

export type { ApiErrorRecord } from './repository.js';

/** The same error (method, route, code, IP, user) again within this wall time only counts in its row, ms. */
export const COLLAPSE_MS = 60_000;
/** Rows written per minute at most; errors beyond are counted in the server log, not stored. */
export const ROWS_PER_MINUTE = 60;
/** The table is cut to its caps (retention.ts) after this many rows written, not only hourly. */
const CAP_EVERY_ROWS = 200;
/** Longest error message text kept, characters (zod's issue lists can be long). */
const MAX_ERROR_CHARS = 500;

/**
 * The row to write for an error on this request; reads only what fastify has already parsed. An
 * anonymous request keeps its route, code, IP and time only: no arguments, no path beyond the
 * route, no detail in the message (it may quote what the caller sent).
 */
function describeRequest(request: FastifyRequest, error: CodedError, now: number): NewApiError {
  const route = request.routeOptions.url ?? null;
  const user = request.authUser ?? null;
  const path = request.url.split('?')[0] ?? request.url;
  const schema = request.routeOptions.schema as ZodRouteSchema | undefined;
  return {
    route,
    url: user === null && route !== null ? route : truncate(path),
    method: request.method,
    user_id: user?.id ?? null,
    ip: request.ip,
    error:
      user === null
        ? new CodedError(error.errorName).codedMessage
        : formatCodedMessage(truncate(error.message, MAX_ERROR_CHARS), error.code),
    code: error.code,
    args:
      user === null
        ? null
        : describeArguments({ body: request.body, query: request.query, params: request.params }, schema),
    event_time: now,
  };
}

/** A row written in the current collapse window of its error. */
interface OpenRow {
  id: Promise<string | undefined>;
  since: number;
  repeats: number;
  timer?: NodeJS.Timeout;
}

/**
 * The API error log behind the Server badge (docs/operations-api.md, API errors). `record` is called by the
 * envelope for non-routine errors only; it never throws into the request and never delays the answer: the
 * row is written in the background and a failed write is logged instead. A flood costs at most
 * ROWS_PER_MINUTE inserts a minute: the same error within COLLAPSE_MS is one row whose `repeats` is written
 * once, when its minute ends, and errors over the budget are only counted (docs/retention.md).
 */
export class ApiErrorLog implements ErrorRecorder {
  private readonly pending = new Set<Promise<void>>();
  private readonly open = new Map<string, OpenRow>();
  private budget = { minute: 0, rows: 0, dropped: 0 };
  private writtenSinceCap = 0;
  /** Told before and after each write that may change a user's unread count (its cache, platform/unread-counts.ts). */
  onCountsChange: () => void = () => {};

  constructor(
    readonly platform: Platform,
    readonly logger: Logger,
    /** Wall time, epoch ms (the platform's clock; tests pass a fixed one). */
    private readonly clock: () => number = systemTime,
  ) {}

  record(request: FastifyRequest, error: CodedError): void {
    let row: NewApiError;
    try {
      row = describeRequest(request, error, this.clock());
    } catch (failure) {
      this.logger.warn({ err: failure, code: error.code }, 'could not describe an API error for the log');
      return;
    }
    const now = row.event_time;
    const key = [row.method, row.route ?? row.url, row.code, row.ip, row.user_id ?? ''].join(' ');
    const open = this.open.get(key);
    if (open && now >= open.since && now - open.since < COLLAPSE_MS) {
      open.repeats += 1;
      // One update when the window ends, however many repeats it held.
      open.timer ??= setTimeout(() => this.close(key), open.since + COLLAPSE_MS - now).unref();
      return;
    }
    this.closeOlderThan(now - COLLAPSE_MS);
    if (open) this.close(key);
    if (!this.takeBudget(now)) return;
    const context = { code: row.code, route: row.route };
    const id = this.track(() => insertApiError(this.platform.database.db, row), context);
    this.open.set(key, { id, since: now, repeats: 1 });
    this.writtenSinceCap += 1;
    if (this.writtenSinceCap >= CAP_EVERY_ROWS) {
      this.writtenSinceCap = 0;
      void this.track(() => capApiErrors(this.platform.database.db), context);
    }
  }

  /** Writes the pending repeat counts, then resolves once every write started so far has finished (shutdown, tests). */
  async flush(): Promise<void> {
    for (const key of [...this.open.keys()]) this.close(key);
    this.reportDropped();
    await Promise.all([...this.pending]);
  }

  /** Runs a write in the background; a failure is logged with `context`, never thrown. */
  private track<T>(write: () => Promise<T>, context: object): Promise<T | undefined> {
    const run = written(() => this.onCountsChange(), write).catch((failure: unknown) => {
      this.logger.warn({ err: failure, ...context }, 'could not write an API error');
      return undefined;
    });
    const done = run.then(() => undefined);
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
    return run;
  }

  /** Ends the collapse window of `key`: its repeats, if any, are written to its row. */
  private close(key: string): void {
    const open = this.open.get(key);
    if (!open) return;
    this.open.delete(key);
    clearTimeout(open.timer);
    if (open.repeats === 1) return;
    const repeats = open.repeats;
    void this.track(
      async () => {
        const id = await open.id;
        if (id !== undefined) await setRepeats(this.platform.database.db, id, repeats);
      },
      { repeats },
    );
  }

  private closeOlderThan(time: number): void {
    for (const [key, open] of this.open) if (open.since <= time) this.close(key);
  }

  /** True while this minute's ROWS_PER_MINUTE are not all used; counts the errors refused. */
  private takeBudget(now: number): boolean {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.budget.minute) {
      this.reportDropped();
      this.budget = { minute, rows: 0, dropped: 0 };
    }
    if (this.budget.rows < ROWS_PER_MINUTE) {
      this.budget.rows += 1;
      return true;
    }
    this.budget.dropped += 1;
    return false;
  }

  private reportDropped(): void {
    if (this.budget.dropped === 0) return;
    this.logger.warn(
      { dropped: this.budget.dropped, limit: ROWS_PER_MINUTE },
      'API errors not stored: more than the error log keeps a minute',
    );
    this.budget.dropped = 0;
  }

  /** A page of errors, newest first; what the user has now seen no longer counts as unread. */
  async list(
    userId: string,
    page: { limit: number; startAtID?: number | undefined },
  ): Promise<ApiErrorRecord[]> {
    await this.flush();
    const db = this.platform.database.db;
    const records = await listApiErrors(db, page);
    const newest = records[0];
    if (newest) {
      await written(
        () => this.onCountsChange(),
        () => raiseReadMark(db, userId, newest.id),
      );
    }
    return records;
  }

  /** Errors logged since the user last listed them (the Server badge). */
  async unreadCount(userId: string): Promise<number> {
    return countUnread(this.platform.database.db, userId);
  }

  /** unreadCount for several users at once (one query), by user id. */
  async unreadCountsOf(userIds: readonly string[]): Promise<Map<string, number>> {
    return countUnreadByUser(this.platform.database.db, userIds);
  }

  /** Empties the log; returns how many errors were deleted. */
  async deleteAll(): Promise<number> {
    return written(
      () => this.onCountsChange(),
      () => deleteAllApiErrors(this.platform.database.db),
    );
  }
}
