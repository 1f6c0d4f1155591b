import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import { formatProjectLines, type ModuleTiming, summariseProjects } from './test-times.js';

/**
 * Ends the run with one line per vitest project (files, tests, wall seconds from its first file's
 * start to its last file's end) and the plain closing line CI reads:
 * `vitest: N passed, N failed, N skipped`. With TEST_TIMES_FILE set, it also writes every file's
 * timing there as JSON (scripts/test-times.ts reads it back: the slowest files, the per-project
 * figures in the README).
 */
export default class CountReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly timings: ModuleTiming[] = [];

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.id, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = Date.now();
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') counts.failed++;
      else counts.skipped++;
    }
    // A file that failed to load has no tests but is a failure all the same.
    if (module.state() === 'failed' && counts.failed === 0) counts.failed = 1;
    this.timings.push({
      project: module.project.name,
      file: module.relativeModuleId,
      start: this.started.get(module.id) ?? end,
      end,
      ...counts,
    });
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    // Modules that never started (a run cut short) still count what they hold.
    const seen = new Set(this.timings.map((timing) => `${timing.project} ${timing.file}`));
    for (const module of modules) {
      if (!seen.has(`${module.project.name} ${module.relativeModuleId}`)) this.onTestModuleEnd(module);
    }
    const projects = summariseProjects(this.timings);
    const total = { passed: 0, failed: 0, skipped: 0 };
    for (const project of projects) {
      total.passed += project.passed;
      total.failed += project.failed;
      total.skipped += project.skipped;
    }
    const file = process.env.TEST_TIMES_FILE;
    if (file) writeFileSync(file, `${JSON.stringify(this.timings, null, 1)}\n`);
    process.stdout.write(`\n${formatProjectLines(projects).join('\n')}\n`);
    process.stdout.write(
      `\nvitest: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`,
    );
  }
}
