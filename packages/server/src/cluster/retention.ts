import { sql } from 'kysely';
import { HOUR_MS, type RetentionRule } from '../db/retention.js';

/**
 * The stream adapter's attachments: an hour at most. The adapter of every running instance
 * already deletes rows older than 30 s; this rule bounds what is left when none runs any more
 * (the last instance stopped right after writing one, or instances now run without a cluster).
 */
export const streamAttachmentRetention: RetentionRule = {
  table: 'socket_io_attachments',
  keeps: "the stream adapter's payloads of the last hour (the adapter itself deletes them after 30 s)",
  async apply(db, now) {
    const result = await sql`
      delete from socket_io_attachments
      where created_at < to_timestamp(${(now - HOUR_MS) / 1000}::double precision)`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },
};
