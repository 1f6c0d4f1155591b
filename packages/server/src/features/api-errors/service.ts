import type { CodedError } from '@balancer/core';
import type { FastifyRequest } from 'fastify';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { ErrorRecorder } from '../../plugins/envelope.js';
import { redactArguments } from './redact.js';
import {
  type ApiErrorRecord,
  countUnread,
  deleteAllApiErrors,
  insertApiError,
  listApiErrors,
  type NewApiError,
  raiseReadMark,
} from './repository.js';

export type { ApiErrorRecord } from './repository.js';

/** The row to write for an error on this request; reads only what fastify has already parsed. */
function describeRequest(request: FastifyRequest, error: CodedError, now: number): NewApiError {
  return {
    route: request.routeOptions.url ?? null,
    url: request.url.split('?')[0] ?? request.url,
    method: request.method,
    user_id: request.authUser?.id ?? null,
    ip: request.ip,
    error: error.codedMessage,
    code: error.code,
    args: redactArguments({ body: request.body, query: request.query, params: request.params }) ?? null,
    event_time: now,
  };
}

/**
 * The API error log behind the Server badge (reference §3.1). `record` is called by the envelope
 * for non-routine errors only; it never throws into the request and never delays the answer:
 * the row is written in the background and a failed write is logged instead.
 */
export class ApiErrorLog implements ErrorRecorder {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    readonly platform: Platform,
    readonly logger: Logger,
    /** Epoch ms; tests pass a fixed clock. */
    private readonly clock: () => number = Date.now,
  ) {}

  record(request: FastifyRequest, error: CodedError): void {
    let row: NewApiError;
    try {
      row = describeRequest(request, error, this.clock());
    } catch (failure) {
      this.logger.warn({ err: failure, code: error.code }, 'could not describe an API error for the log');
      return;
    }
    const write: Promise<void> = (async () => insertApiError(this.platform.database.db, row))()
      .catch((failure: unknown) => {
        this.logger.warn({ err: failure, code: row.code, route: row.route }, 'could not write an API error');
      })
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Resolves once every write started so far has finished (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  /** A page of errors, newest first; what the user has now seen no longer counts as unread. */
  async list(
    userId: string,
    page: { limit: number; startAtID?: number | undefined },
  ): Promise<ApiErrorRecord[]> {
    const db = this.platform.database.db;
    const records = await listApiErrors(db, page);
    const newest = records[0];
    if (newest) await raiseReadMark(db, userId, newest.id);
    return records;
  }

  /** Errors logged since the user last listed them (the Server badge). */
  async unreadCount(userId: string): Promise<number> {
    return countUnread(this.platform.database.db, userId);
  }

  /** Empties the log; returns how many errors were deleted. */
  async deleteAll(): Promise<number> {
    return deleteAllApiErrors(this.platform.database.db);
  }
}
