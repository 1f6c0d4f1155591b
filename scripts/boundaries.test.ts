import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The boundary rules left to the lint step (biome.json overrides: core's purity, the web's layers;
// ARCHITECTURE.md) refuse a deliberate violation of each kind: probe files are written into the
// real folders, linted with the repo's own configuration, and removed again. The rules on the
// import graph (features, test-only code, cycles, ccxt) are import-rules.test.ts's.

const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

/** Where a probe goes (relative to the repo) and the import that breaks a rule there. */
const PROBES: { file: string; source: string; message: RegExp }[] = [
  {
    file: 'packages/core/src/zz-probe/probe.ts',
    source: "export { readFileSync } from 'node:fs';\n",
    message: /core is pure/,
  },
  {
    file: 'packages/web/src/lib/zz-probe.ts',
    source: "export { UsersPage } from '../features/users/users-page';\n",
    message: /lib\/ is the web app's lowest layer/,
  },
];

describe('the boundary rules of the lint step', () => {
  it('refuse each kind of violation', () => {
    const written: string[] = [];
    try {
      for (const probe of PROBES) {
        const file = path.join(ROOT, probe.file);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, probe.source);
        written.push(file);
      }
      const run = spawnSync(BIOME, ['lint', '--colors=off', '--max-diagnostics=100', ...written], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      const output = `${run.stdout}${run.stderr}`;
      expect(run.status, output).not.toBe(0);
      for (const probe of PROBES) {
        const diagnostic = output
          .split(/\n(?=\S+\.ts:\d+:\d+ )/)
          .find((block) => block.startsWith(probe.file));
        expect(diagnostic, `${probe.file} was not refused:\n${output}`).toMatch(probe.message);
      }
    } finally {
      for (const file of written) rmSync(file, { force: true });
      rmSync(path.join(ROOT, 'packages/core/src/zz-probe'), { recursive: true, force: true });
    }
  }, 120_000); // spawns biome over the whole project config: slow on a loaded machine
});
