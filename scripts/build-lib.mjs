// Build helpers shared by start, build and test: rebuild only what changed since the last build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = path.join(ROOT, 'packages/web');
const WEB_STAMP = path.join(WEB, 'dist/.build-hash');
const SKIP = new Set(['node_modules', 'dist', '.tsbuild']);

/** @param {string} target @param {string[]} out */
function listFiles(target, out) {
  if (!existsSync(target)) return out;
  if (statSync(target).isFile()) {
    out.push(target);
    return out;
  }
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    listFiles(path.join(target, entry.name), out);
  }
  return out;
}

/** A hash of every input of the web build: its sources, the core it imports, the lock file. */
function webInputsHash() {
  const inputs = [
    path.join(WEB, 'src'),
    path.join(WEB, 'public'),
    path.join(WEB, 'index.html'),
    path.join(WEB, 'vite.config.ts'),
    path.join(ROOT, 'packages/core/src'),
    path.join(ROOT, 'package-lock.json'),
  ];
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => listFiles(input, [])).sort()) {
    if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
    hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** @param {string} command @param {string[]} args */
export function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
}

/** @param {string} name */
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

/** Compiles the TypeScript projects; tsc -b skips the ones that are up to date. */
export function buildTypeScript(project = '.') {
  run(bin('tsc'), ['-b', project]);
}

/** The TypeScript projects `tsc -b packages/cli` builds (the cli and the projects it references). */
const CLI_PROJECTS = ['core', 'engine', 'server', 'cli'].map((name) => path.join(ROOT, 'packages', name));
const CLI_STAMP = path.join(ROOT, 'packages/cli/dist/.build-stamp');

/**
 * What the cli's build reads (each project's src/, package.json and tsconfig.json, the base
 * tsconfig, the lock file) and what it leaves (each project's build info), as one line each: a
 * hash of every file's path, size and modification time. Not its contents: the check runs before
 * every `npm run cli` and takes a few milliseconds (~1,000 files).
 */
function cliBuildState() {
  /** @param {string[]} files */
  const digest = (files) => {
    const hash = createHash('sha256');
    for (const file of files.sort()) {
      const stat = statSync(file, { throwIfNoEntry: false });
      hash.update(`${path.relative(ROOT, file)}\0${stat?.size ?? '-'}\0${stat?.mtimeMs ?? '-'}\0`);
    }
    return hash.digest('hex');
  };
  const inputs = CLI_PROJECTS.flatMap((project) => [
    ...listFiles(path.join(project, 'src'), []),
    path.join(project, 'package.json'),
    path.join(project, 'tsconfig.json'),
  ]);
  inputs.push(path.join(ROOT, 'tsconfig.base.json'), path.join(ROOT, 'package-lock.json'));
  return {
    inputs: digest(inputs),
    outputs: digest(CLI_PROJECTS.map((project) => path.join(project, 'dist/.tsbuildinfo'))),
  };
}

/**
 * Builds the cli (tsc -b packages/cli) unless nothing it reads or writes changed since its last
 * build here: tsc's own up-to-date check takes a second or more, this one milliseconds. A source
 * edited while tsc runs is seen next time (the inputs are read before the build). Returns whether
 * it built.
 */
export function buildCli() {
  const before = cliBuildState();
  const stamp = existsSync(CLI_STAMP) ? readFileSync(CLI_STAMP, 'utf8') : '';
  if (stamp === `${before.inputs}\n${before.outputs}\n`) return false;
  buildTypeScript('packages/cli');
  writeFileSync(CLI_STAMP, `${before.inputs}\n${cliBuildState().outputs}\n`);
  return true;
}

/** Builds the web app unless its inputs are unchanged since the last build. */
export function buildWeb({ force = false } = {}) {
  const hash = webInputsHash();
  if (!force && existsSync(WEB_STAMP) && readFileSync(WEB_STAMP, 'utf8') === hash) return false;
  process.stdout.write('Building the web app…\n');
  run(bin('vite'), ['build', '--logLevel', 'warn', WEB]);
  writeFileSync(WEB_STAMP, hash);
  return true;
}
