import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The lint step's boundary rules (biome.json overrides; ARCHITECTURE.md) refuse a deliberate
// violation of each kind: probe files are written into the real folders, linted with the repo's
// own configuration, and removed again.

const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

/** Where a probe goes (relative to the repo) and the import that breaks a rule there. */
const PROBES: { file: string; source: string; message: RegExp }[] = [
  {
    file: 'packages/server/src/features/zz-probe/probe.ts',
    source: "export { NotificationsService } from '../notifications/service.js';\n",
    message: /A server feature does not import another feature/,
  },
  {
    file: 'packages/web/src/features/zz-probe/probe.ts',
    source: "export { UsersPage } from '../users/users-page';\n",
    message: /A web feature does not import another feature/,
  },
  {
    file: 'packages/core/src/zz-probe/probe.ts',
    source: "export { readFileSync } from 'node:fs';\n",
    message: /core is pure/,
  },
  {
    file: 'packages/engine/src/live/zz-probe.ts',
    source: "export { default as ccxt } from 'ccxt';\n",
    message: /Only the ccxt adapter/,
  },
  {
    file: 'packages/server/src/http/zz-probe.ts',
    source: "export { ROUTE_SAMPLES } from '../testing/route-samples.js';\n",
    message: /Shipped code does not import test-only code/,
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
      for (const folder of [
        'packages/server/src/features/zz-probe',
        'packages/web/src/features/zz-probe',
        'packages/core/src/zz-probe',
      ]) {
        rmSync(path.join(ROOT, folder), { recursive: true, force: true });
      }
    }
  }, 120_000); // spawns biome over the whole project config: slow on a loaded machine
});
