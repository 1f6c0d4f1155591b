import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest first, across every project: three workers share the files, and a run ends when its last
 * file does, so the long ones (the upgrade test, crash safety, the browser pages) start at once and
 * the many short ones fill the gaps behind them. How long a file takes comes from
 * scripts/test-durations.json (seconds, from a whole run: `npm run test:durations` rewrites it);
 * a file not in it is guessed from its project and size.
 */

const DURATIONS_FILE = fileURLToPath(new URL('./test-durations.json', import.meta.url));

/** Seconds per kilobyte of a file not yet timed, by project (a rough mean of the timed ones). */
const GUESS_SECONDS_PER_KB: Record<string, number> = { browser: 4, db: 2, unit: 0.1, web: 0.1 };

export function readDurations(file = DURATIONS_FILE): Record<string, number> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
}

/** `project:relative/path` → seconds, the key test-durations.json uses. */
export function durationKey(project: string, root: string, moduleId: string): string {
  return `${project}:${path.relative(root, moduleId)}`;
}

export function expectedSeconds(
  durations: Record<string, number>,
  project: string,
  key: string,
  sizeBytes: number,
): number {
  return durations[key] ?? ((GUESS_SECONDS_PER_KB[project] ?? 1) * sizeBytes) / 1024;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    const root = this.ctx.config.root;
    const expected = new Map<TestSpecification, number>();
    for (const spec of files) {
      const project = spec.project.name;
      const size = existsSync(spec.moduleId) ? statSync(spec.moduleId).size : 0;
      expected.set(
        spec,
        expectedSeconds(durations, project, durationKey(project, root, spec.moduleId), size),
      );
    }
    return [...files].sort((a, b) => (expected.get(b) ?? 0) - (expected.get(a) ?? 0));
  }
}
