import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { durationKey, expectedSeconds, readDurations } from './test-sequencer.js';
import { durationsOf } from './test-times.js';

describe('the longest-first sequencer', () => {
  it('takes a timed file from the durations and guesses an untimed one from its project and size', () => {
    const durations = { 'db:packages/a.db.test.ts': 245.5 };
    expect(expectedSeconds(durations, 'db', 'db:packages/a.db.test.ts', 100)).toBe(245.5);
    expect(expectedSeconds(durations, 'db', 'db:packages/b.db.test.ts', 10 * 1024)).toBe(20); // 10 kB × 2 s
    expect(expectedSeconds(durations, 'unit', 'unit:packages/c.test.ts', 10 * 1024)).toBe(1); // 10 kB × 0.1 s
  });

  it('reads back what test:durations writes, keyed as the sequencer looks files up', () => {
    const root = '/repo';
    const key = durationKey('db', root, '/repo/packages/a.db.test.ts');
    expect(key).toBe('db:packages/a.db.test.ts');
    const written = durationsOf([
      {
        project: 'db',
        file: 'packages/a.db.test.ts',
        start: 0,
        end: 12_345,
        passed: 1,
        failed: 0,
        skipped: 0,
      },
    ]);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'durations-')), 'test-durations.json');
    writeFileSync(file, JSON.stringify(written));
    expect(readDurations(file)[key]).toBe(12.3);
  });

  it('has the committed durations to read', () => {
    expect(Object.keys(readDurations()).length).toBeGreaterThan(300);
  });
});
