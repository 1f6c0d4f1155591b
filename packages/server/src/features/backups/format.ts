import { createHmac, timingSafeEqual } from 'node:crypto';
import { CodedError } from '@balancer/core';
import { z } from 'zod';
import { SERVER_VERSION } from '../../paths.js';

/**
 * A backup is one gzip file of JSON lines:
 *   1. the header (BackupHeader),
 *   2. for each table, in the header's order (parents before children), batches
 *      `{"table":"<name>","rows":[<row_to_json of each row>, …]}`,
 *   3. the trailer `{"end":true,"rows":<total>}`: a file without it is incomplete.
 * Rows stay JSON text end to end (PostgreSQL writes them, PostgreSQL reads them back with
 * json_populate_recordset), so NUMERIC, BIGINT, timestamps and bytea never pass through a JS number.
 */
export const BACKUP_FORMAT = 'balancer-backup';
export const BACKUP_FORMAT_VERSION = 1;

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  appVersion: z.string(),
  databaseKind: z.enum(['pglite', 'postgresql']),
  /** Kysely migrations applied to the backed-up database, in order. */
  migrations: z.array(z.string()).min(1),
  /** App tables (the migrator's own are left out), parents before children, with row counts. */
  tables: z.array(z.object({ name: z.string().min(1), rows: z.number().int().nonnegative() })),
  /** Every sequence of the schema as it stood (non-transactional: at or past every id in the rows). */
  sequences: z.array(z.object({ name: z.string().min(1), lastValue: z.string(), isCalled: z.boolean() })),
  keyCheck: z.string(),
});

export type BackupHeader = z.infer<typeof headerSchema>;

const KEY_CHECK_LABEL = 'balancer-backup-key-check-v1';

/** An HMAC of a fixed label under ENCRYPTION_KEY: tells whether two keys match without storing either. */
export function keyCheck(encryptionKey: string): string {
  return createHmac('sha256', Buffer.from(encryptionKey, 'base64url')).update(KEY_CHECK_LABEL).digest('hex');
}

export function keyMatches(header: BackupHeader, encryptionKey: string): boolean {
  const expected = Buffer.from(keyCheck(encryptionKey), 'hex');
  const stored = Buffer.from(header.keyCheck, 'hex');
  return stored.length === expected.length && timingSafeEqual(stored, expected);
}

/** The server package's version, recorded in the header for the operator's information. */
export function appVersion(): string {
  return SERVER_VERSION;
}

export function parseHeader(line: string | undefined): BackupHeader {
  let value: unknown;
  try {
    value = JSON.parse(line ?? '');
  } catch {
    throw new CodedError('BACKUP_NOT_A_BACKUP', 'the first line is not a backup header');
  }
  const parsed = headerSchema.safeParse(value);
  if (!parsed.success) {
    const format = (value as { format?: unknown; formatVersion?: unknown } | null) ?? {};
    const detail =
      format.format === BACKUP_FORMAT
        ? `unsupported header (format version ${String(format.formatVersion)})`
        : 'the first line is not a backup header';
    throw new CodedError('BACKUP_NOT_A_BACKUP', detail);
  }
  return parsed.data;
}

export function batchLine(table: string, rowTexts: readonly string[]): string {
  return `{"table":${JSON.stringify(table)},"rows":[${rowTexts.join(',')}]}\n`;
}

export function trailerLine(rows: number): string {
  return `${JSON.stringify({ end: true, rows })}\n`;
}

const BATCH = /^\{"table":("(?:[^"\\]|\\.)*"),"rows":(\[.*\])\}$/s;

export type BodyLine = { kind: 'batch'; table: string; rowsJson: string } | { kind: 'end'; rows: number };

/**
 * Reads a body line without parsing the rows in JS (their numbers must keep every digit): the
 * rows array goes to PostgreSQL as text, which rejects it if it is not valid JSON.
 */
export function parseBodyLine(line: string): BodyLine {
  const batch = BATCH.exec(line);
  if (batch?.[1] && batch[2]) {
    return { kind: 'batch', table: JSON.parse(batch[1]) as string, rowsJson: batch[2] };
  }
  try {
    const end = JSON.parse(line) as { end?: unknown; rows?: unknown };
    if (end.end === true && typeof end.rows === 'number') return { kind: 'end', rows: end.rows };
  } catch {
    // Reported below.
  }
  throw new CodedError('BACKUP_NOT_A_BACKUP', 'a line of the file is damaged');
}
