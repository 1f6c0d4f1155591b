import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { HOUR_MS } from '../db/retention.js';
import { describeEachDatabase } from '../testing/test-databases.js';
import { streamAttachmentRetention } from './retention.js';

describeEachDatabase('the stream attachments retention', (ctx) => {
  it('keeps the last hour of attachments', async () => {
    const { db } = ctx().handle;
    const now = Date.UTC(2026, 10, 1, 12);
    const at = (ms: number) => sql`to_timestamp(${ms / 1000}::double precision)`;
    await sql`
      insert into socket_io_attachments (created_at, payload) values
        (${at(now - 2 * HOUR_MS)}, '\\x01'), (${at(now - HOUR_MS - 1_000)}, '\\x02'),
        (${at(now - HOUR_MS + 1_000)}, '\\x03'), (${at(now)}, '\\x04')`.execute(db);
    expect(await streamAttachmentRetention.apply(db, now)).toBe(2);
    const kept = await sql<{
      payload: Buffer;
    }>`select payload from socket_io_attachments order by id`.execute(db);
    expect(kept.rows.map((row) => [...row.payload])).toEqual([[3], [4]]);
  });
});
