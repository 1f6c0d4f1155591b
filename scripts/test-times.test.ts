import { describe, expect, it } from 'vitest';
import { formatProjectLines, type ModuleTiming, slowestFiles, summariseProjects } from './test-times.js';

const file = (project: string, name: string, start: number, end: number, passed = 1): ModuleTiming => ({
  project,
  file: name,
  start,
  end,
  passed,
  failed: 0,
  skipped: 0,
});

describe('test times', () => {
  const timings = [
    file('db', 'a.db.test.ts', 1_000, 11_000, 3),
    file('unit', 'b.test.ts', 0, 2_000, 5),
    // Runs beside a.db.test.ts: the wall time is 10 s + 4 s, the files' own 10 s + 8 s.
    file('db', 'c.db.test.ts', 7_000, 15_000, 2),
  ];

  it('sums each project, wall time from first start to last end, in the run order', () => {
    const projects = summariseProjects(timings);
    expect(projects.map((project) => project.project)).toEqual(['unit', 'db']);
    expect(projects[1]).toEqual({
      project: 'db',
      files: 2,
      passed: 5,
      failed: 0,
      skipped: 0,
      wallSeconds: 14, // 15 s − 1 s
      fileSeconds: 18, // 10 s + 8 s
    });
    expect(formatProjectLines(projects)[1]).toBe(
      'project db: 2 files, 5 tests (0 failed, 0 skipped), 14 s wall, 18 s in files',
    );
  });

  it('lists the slowest files first', () => {
    expect(slowestFiles(timings, 2)).toEqual(['   10.0 s  db  a.db.test.ts', '    8.0 s  db  c.db.test.ts']);
  });
});
