/** One test file's run, as scripts/count-reporter.ts records it (epoch ms). */
export interface ModuleTiming {
  project: string;
  file: string;
  start: number;
  end: number;
  passed: number;
  failed: number;
  skipped: number;
}

export interface ProjectSummary {
  project: string;
  files: number;
  passed: number;
  failed: number;
  skipped: number;
  /** From the project's first file's start to its last file's end: projects overlap in one run. */
  wallSeconds: number;
  /** The files' own times added up: more than the wall time when files run side by side. */
  fileSeconds: number;
}

/** The order `npm test` runs the projects in (vitest.config.ts); others follow by name. */
const ORDER = ['unit', 'web', 'db', 'db-pg', 'browser'];

export function summariseProjects(timings: readonly ModuleTiming[]): ProjectSummary[] {
  const byProject = new Map<string, ModuleTiming[]>();
  for (const timing of timings) {
    const list = byProject.get(timing.project) ?? [];
    list.push(timing);
    byProject.set(timing.project, list);
  }
  const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return [...byProject.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([project, list]) => ({
      project,
      files: list.length,
      passed: sum(list, (timing) => timing.passed),
      failed: sum(list, (timing) => timing.failed),
      skipped: sum(list, (timing) => timing.skipped),
      wallSeconds:
        (Math.max(...list.map((timing) => timing.end)) - Math.min(...list.map((timing) => timing.start))) /
        1000,
      fileSeconds: sum(list, (timing) => timing.end - timing.start) / 1000,
    }));
}

function sum<T>(list: readonly T[], of: (item: T) => number): number {
  return list.reduce((total, item) => total + of(item), 0);
}

/** `project db: 85 files, 640 tests (0 failed, 2 skipped), 412 s wall, 790 s in files`. */
export function formatProjectLines(projects: readonly ProjectSummary[]): string[] {
  return projects.map((project) => {
    const tests = project.passed + project.failed + project.skipped;
    return (
      `project ${project.project}: ${project.files} files, ${tests} tests ` +
      `(${project.failed} failed, ${project.skipped} skipped), ` +
      `${Math.round(project.wallSeconds)} s wall, ${Math.round(project.fileSeconds)} s in files`
    );
  });
}

/** The `count` slowest files, slowest first: `  123.4 s  db  path`. */
export function slowestFiles(timings: readonly ModuleTiming[], count: number): string[] {
  return [...timings]
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, count)
    .map(
      (timing) =>
        `${((timing.end - timing.start) / 1000).toFixed(1).padStart(7)} s  ${timing.project}  ${timing.file}`,
    );
}

/** Each file's seconds keyed `project:path` (scripts/test-durations.json, read by the sequencer). */
export function durationsOf(timings: readonly ModuleTiming[]): Record<string, number> {
  const entries = timings
    .map(
      (timing) =>
        [`${timing.project}:${timing.file}`, Math.round((timing.end - timing.start) / 100) / 10] as const,
    )
    .sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(entries);
}
