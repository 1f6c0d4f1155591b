import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestOnly } from './import-graph.js';

// Test files stay out of dist/: each package's shipped build (its tsconfig.json writing dist/) is
// given no test-only file, as TypeScript itself lists them (`--showConfig`). Nothing can pull one in
// through an import either: shipped code imports no test-only code (import-rules.test.ts). The web
// app's dist/ is Vite's bundle of what index.html reaches, under the same import rule.

const ROOT = path.resolve(import.meta.dirname, '..');
const TSC = path.join(ROOT, 'node_modules/.bin/tsc');

interface ShownConfig {
  compilerOptions: { outDir?: string };
  files?: string[];
}

describe('the shipped builds', () => {
  const packages = readdirSync(path.join(ROOT, 'packages'));

  it.each(packages)('%s: dist/ gets no test-only file', (name) => {
    const run = spawnSync(TSC, ['-p', `packages/${name}/tsconfig.json`, '--showConfig'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr || run.stdout).toBe(0);
    const config = JSON.parse(run.stdout) as ShownConfig;
    if (config.compilerOptions.outDir?.replace(/^\.\//, '') !== 'dist') return;
    const files = config.files ?? [];
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => isTestOnly(`packages/${name}/${file.replace(/^\.\//, '')}`))).toEqual([]);
  });
});
