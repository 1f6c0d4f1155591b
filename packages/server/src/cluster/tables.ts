import type { ColumnType, GeneratedAlways } from 'kysely';

/**
 * The PostgreSQL stream adapter's payloads over NOTIFY's 8,000 bytes (migration 0014): written
 * and read by `@socket.io/postgres-adapter` (the column names are its own), kept seconds.
 */
export interface StreamAttachmentTable {
  id: GeneratedAlways<string>;
  created_at: ColumnType<Date, never, never>;
  /** The adapter's msgpack-encoded message. */
  payload: ColumnType<Buffer, Buffer, never>;
}

export interface ClusterTables {
  socket_io_attachments: StreamAttachmentTable;
}
