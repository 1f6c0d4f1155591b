import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunResult, runToEnd as run, type SpawnedServer, spawnServer } from './spawn-server.js';

/*
 * An operator's install of an earlier commit of this repository, for the upgrade-in-place test:
 * a bare "origin" the test owns (so `git pull --ff-only` works as documented), a clone of it, and
 * the commands run in that clone exactly as docs/platform-update.md lists them. Nothing here writes
 * to the repository the test runs from: git only reads it.
 */

const MIGRATIONS = 'packages/server/src/db/migrations';
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Like run, but a non-zero exit throws with the command's output. */
export async function runOk(
  file: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; input?: string },
): Promise<string> {
  const result = await run(file, args, options);
  if (result.code !== 0) {
    throw new Error(
      `${file} ${args.join(' ')} (in ${options.cwd}) failed (${result.code}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/** What the test needs to know about the repository it runs from. */
export interface RepoFacts {
  repo: string;
  /** The commit upgraded to: HEAD, as committed. */
  target: string;
  /**
   * The "previous release": the last commit of the main line (first parents) before the newest
   * migration arrived. Commits inside a merged branch need not build on their own; the main line's do.
   */
  previous: string;
  /** The working tree differs from HEAD (the upgrade still goes to the committed HEAD). */
  dirty: boolean;
  /** Migration names (file names without .ts) at each commit, in order. */
  targetMigrations: string[];
  previousMigrations: string[];
}

async function migrationsAt(repo: string, commit: string): Promise<string[]> {
  const listing = await runOk('git', ['ls-tree', '--name-only', `${commit}:${MIGRATIONS}`], { cwd: repo });
  return listing
    .split('\n')
    .filter((name) => /^\d{4}_.+\.ts$/.test(name) && !name.endsWith('.test.ts'))
    .map((name) => name.replace(/\.ts$/, ''))
    .sort();
}

export async function repoFacts(): Promise<RepoFacts> {
  const repo = (await runOk('git', ['rev-parse', '--show-toplevel'], { cwd: HERE })).trim();
  const git = (...args: string[]) => runOk('git', args, { cwd: repo }).then((out) => out.trim());
  if ((await git('rev-parse', '--is-shallow-repository')) === 'true') {
    throw new Error(
      `${repo} is a shallow clone: the upgrade test needs the history to find the previous release. Fetch it with \`git fetch --unshallow\` (in CI: actions/checkout with fetch-depth: 0).`,
    );
  }
  const target = await git('rev-parse', 'HEAD');
  const targetMigrations = await migrationsAt(repo, target);
  const newest = targetMigrations.at(-1);
  if (!newest) throw new Error(`no migrations under ${MIGRATIONS} at ${target}`);
  const file = `${MIGRATIONS}/${newest}.ts`;
  const added = (await git('log', '--first-parent', '--diff-filter=A', '--format=%H', '--', file))
    .split('\n')
    .at(-1);
  if (!added) throw new Error(`no commit adds ${file}`);
  const previous = await git('rev-parse', `${added}^1`);
  const dirty = (await git('status', '--porcelain', '--untracked-files=no')) !== '';
  return {
    repo,
    target,
    previous,
    dirty,
    targetMigrations,
    previousMigrations: await migrationsAt(repo, previous),
  };
}

/** The environment of an operator's shell: this process's, without the test runner's own variables. */
export function operatorEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(VITEST|npm_|TEST_DATABASE_URL$|DATABASE_URL$|INVOCATION_ID$)/.test(key))
      continue;
    env[key] = value;
  }
  return env;
}

export const PREVIOUS_TAG = 'previous-release';

export interface Install {
  dir: string;
  origin: string;
  env: Record<string, string>;
}

/**
 * Makes the bare origin at `facts.previous` (branch main, tag PREVIOUS_TAG), clones it like an
 * operator and runs `npm ci`.
 */
export async function installPrevious(workDir: string, facts: RepoFacts): Promise<Install> {
  const origin = path.join(workDir, 'origin.git');
  const dir = path.join(workDir, 'balancer');
  mkdirSync(origin, { recursive: true });
  const inOrigin = (...args: string[]) => runOk('git', args, { cwd: origin });
  await inOrigin('init', '--quiet', '--bare', '--initial-branch=main');
  // HEAD is what the repository advertises; the previous commit is its ancestor, so it came along.
  await inOrigin('fetch', '--quiet', facts.repo, `${facts.target}:refs/heads/upgrade-target`);
  await inOrigin('update-ref', 'refs/heads/main', facts.previous);
  await inOrigin('tag', PREVIOUS_TAG, facts.previous);
  await runOk('git', ['clone', '--quiet', '--branch', 'main', origin, dir], { cwd: workDir });
  const install = { dir, origin, env: operatorEnv() };
  await npmCi(install);
  return install;
}

export function npmCi(install: Install): Promise<string> {
  return runOk('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: install.dir,
    env: install.env,
  });
}

/**
 * Releases before the fix to packages/cli/tsconfig.json compiled the cli's tests too, and those
 * import the server's test support that only a full build makes: `npm run cli` failed on a fresh
 * install (TS2307) until `npm run build` had run twice. Builds that support for such a release.
 */
export async function workAroundOldCliBuild(install: Install): Promise<void> {
  const config = await runOk('git', ['show', 'HEAD:packages/cli/tsconfig.json'], { cwd: install.dir });
  if (config.includes('"exclude"')) return;
  await runOk('node_modules/.bin/tsc', ['-b', 'packages/server/tsconfig.test.json'], {
    cwd: install.dir,
    env: install.env,
  });
}

/**
 * The rollback's step 3 (docs/platform-update.md): the newer release's build outputs go before the
 * older one builds. tsc's incremental build keeps an output whose own source did not change even
 * when its declarations depend on files that did (core's errors/catalogue.d.ts kept the newer
 * release's error codes, and the older server failed to compile against it).
 */
export function removeBuildOutputs(install: Install): Promise<string> {
  return runOk('sh', ['-c', 'rm -rf packages/*/dist packages/*/.tsbuild packages/server/bundle'], {
    cwd: install.dir,
  });
}

/** `npm run cli -- ARGS` in the install, with the database settings in `env`. */
export function cli(
  install: Install,
  env: Record<string, string>,
  args: string[],
  input?: string,
): Promise<RunResult> {
  return run('npm', ['run', '--silent', 'cli', '--', ...args], {
    cwd: install.dir,
    env: { ...install.env, ...env },
    ...(input === undefined ? {} : { input }),
  });
}

/** `npm start` in the install (it builds what changed first: a generous wait for the URL). */
export function npmStart(install: Install, env: Record<string, string>): Promise<SpawnedServer> {
  return spawnServer(env, 300_000, { file: 'npm', args: ['start'], cwd: install.dir, env: install.env });
}
