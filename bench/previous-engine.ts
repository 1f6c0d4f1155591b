// The engine of an earlier commit, for benchmarks that compare old and new code in the same run
// (backtest.ts). `git archive` copies that commit's packages/core and packages/engine into
// node_modules/.cache/balancer-bench/<commit>/ (kept between runs), with its own
// node_modules/@balancer/core link so the old engine runs on the old core; the other
// dependencies resolve from the repository's node_modules as usual. Without git, or in a shallow
// clone that lacks the commit, it answers why it is unavailable instead of failing the bench.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { runBacktest } from '@balancer/engine';

export type PreviousEngine =
  | { available: true; commit: string; runBacktest: typeof runBacktest }
  | { available: false; reason: string };

function git(root: string, args: string[]): { ok: boolean; out: string } {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return { ok: run.status === 0, out: (run.stdout ?? '').trim() || (run.stderr ?? '').trim() };
}

/** Loads `commit`'s runBacktest (any revision git understands), or says why it cannot. */
export async function previousEngine(root: string, commit: string): Promise<PreviousEngine> {
  const resolved = git(root, ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]);
  if (!resolved.ok) return { available: false, reason: `commit ${commit} is not in this clone` };
  const hash = resolved.out;
  const dir = path.join(root, 'node_modules/.cache/balancer-bench', hash);
  const entry = path.join(dir, 'packages/engine/src/index.ts');
  if (!existsSync(entry)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const tar = path.join(dir, 'sources.tar');
    const archive = git(root, [
      'archive',
      '--format=tar',
      '-o',
      tar,
      hash,
      'packages/core',
      'packages/engine',
    ]);
    const unpack = archive.ok ? spawnSync('tar', ['-xf', tar, '-C', dir]) : null;
    rmSync(tar, { force: true });
    if (!archive.ok || unpack?.status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      return { available: false, reason: `could not extract ${hash.slice(0, 7)}: ${archive.out}` };
    }
    mkdirSync(path.join(dir, 'node_modules/@balancer'), { recursive: true });
    symlinkSync('../../packages/core', path.join(dir, 'node_modules/@balancer/core'), 'dir');
  }
  try {
    const engine = (await import(pathToFileURL(entry).href)) as { runBacktest: typeof runBacktest };
    return { available: true, commit: hash, runBacktest: engine.runBacktest };
  } catch (error) {
    return { available: false, reason: `could not load ${hash.slice(0, 7)}: ${String(error)}` };
  }
}
