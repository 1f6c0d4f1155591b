import { describe, expect, it } from 'vitest';
import { batchLine, keyCheck, keyMatches, parseBodyLine, parseHeader, trailerLine } from './format.js';

const KEY = Buffer.alloc(32, 7).toString('base64url');
const header = {
  format: 'balancer-backup',
  formatVersion: 1,
  createdAt: '2026-11-22T07:49:45.000Z',
  appVersion: '0.1.0',
  databaseKind: 'pglite',
  migrations: ['0001_platform_meta'],
  tables: [{ name: 'platform_meta', rows: 1 }],
  sequences: [],
  keyCheck: keyCheck(KEY),
};

describe('the backup file format', () => {
  it('keeps row JSON as text, every digit included', () => {
    const rows = ['{"id":1,"price":95000.123456789012345678}', '{"id":2,"note":"a\\nb \\"q\\""}'];
    const line = batchLine('trade', rows).trimEnd();
    expect(parseBodyLine(line)).toEqual({ kind: 'batch', table: 'trade', rowsJson: `[${rows.join(',')}]` });
    expect(parseBodyLine(trailerLine(2).trimEnd())).toEqual({ kind: 'end', rows: 2 });
    expect(() => parseBodyLine('{"table":"trade","rows":[')).toThrow(expect.objectContaining({ code: 7061 }));
  });

  it('reads a header and refuses anything else', () => {
    expect(parseHeader(JSON.stringify(header)).migrations).toEqual(['0001_platform_meta']);
    for (const bad of [
      undefined,
      'not json',
      '{"format":"other"}',
      JSON.stringify({ ...header, formatVersion: 2 }),
    ]) {
      expect(() => parseHeader(bad)).toThrow(expect.objectContaining({ code: 7061 }));
    }
  });

  it('tells whether the ENCRYPTION_KEY matches without containing it', () => {
    const parsed = parseHeader(JSON.stringify(header));
    expect(keyMatches(parsed, KEY)).toBe(true);
    expect(keyMatches(parsed, Buffer.alloc(32, 8).toString('base64url'))).toBe(false);
    expect(JSON.stringify(header)).not.toContain(KEY);
  });
});
