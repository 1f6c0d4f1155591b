import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../node-flags.js';

/** The bundle `npm start` runs (scripts/server-bundle.mjs; the db and browser projects make it). */
export const SERVER_MAIN = fileURLToPath(new URL('../../bundle/main.js', import.meta.url));

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface SpawnedServer {
  process: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends SIGTERM to the process (as `kill PID` does) and waits for the exit. */
  stop(): Promise<number | string>;
  /**
   * Ctrl+C in a terminal: SIGINT to the whole process group (a `command` runs in its own group,
   * like a terminal's job), then waits for the exit.
   */
  interrupt(): Promise<number | string>;
}

/** What to run instead of this checkout's built server: `npm start` in another install, say. */
export interface ServerCommand {
  file: string;
  args: string[];
  cwd: string;
  /** The whole environment (nothing of this process's is added). */
  env: Record<string, string>;
}

/**
 * Runs the built server (`packages/server/bundle/main.js`) as `npm start` does, with the given
 * environment on top of this one, and waits until it prints its URL. With `command`, runs that
 * instead, with `env` on top of the command's own environment.
 */
export async function spawnServer(
  env: Record<string, string>,
  readyTimeoutMs = 30_000,
  command?: ServerCommand,
): Promise<SpawnedServer> {
  if (!command && !existsSync(SERVER_MAIN))
    throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);
  // The version checker stays off unless a test points it elsewhere (no internet here).
  const quiet = { LOG_FORMAT: 'json', UPDATE_SOURCE_URL: 'off' };
  const child = command
    ? spawn(command.file, command.args, {
        cwd: command.cwd,
        env: { ...command.env, ...quiet, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
    : spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
        env: { ...process.env, ...quiet, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  const output = collectOutput(child);
  const { exited } = output;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`not ready after ${readyTimeoutMs} ms:\n${output.stdout()}\n${output.stderr()}`)),
      readyTimeoutMs,
    );
    const check = () => {
      const match = /Balancer is running at (\S+)/.exec(output.stdout());
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(
        new Error(`the server exited (${code}) before it was ready:\n${output.stdout()}\n${output.stderr()}`),
      );
    });
  });
  return {
    process: child,
    url,
    stdout: output.stdout,
    stderr: output.stderr,
    exited,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
    interrupt: () => {
      if (command && child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
      else child.kill('SIGINT');
      return exited;
    },
  };
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export function spawnServerExpectingFailure(env: Record<string, string>): Promise<RunResult> {
  // The version checker stays off unless a test points it elsewhere (no internet here).
  return runToEnd(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    env: { ...process.env, LOG_FORMAT: 'json', UPDATE_SOURCE_URL: 'off', ...env },
  });
}

export interface RunResult {
  code: number | string;
  stdout: string;
  stderr: string;
}

/**
 * A child's output as text, and its end: 'close', not 'exit', so it waits for every process
 * holding the output too (the server under `npm start`, say).
 */
function collectOutput(child: ChildProcess) {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return { stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs a command to its end without blocking the event loop (servers may be running meanwhile). */
export async function runToEnd(
  file: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined>; input?: string },
): Promise<RunResult> {
  const child = spawn(file, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: 'pipe' });
  const output = collectOutput(child);
  // A command that exits without reading its input must not fail the test with EPIPE.
  child.stdin.on('error', () => {});
  child.stdin.end(options.input ?? '');
  return { code: await output.exited, stdout: output.stdout(), stderr: output.stderr() };
}

/** The JSON log lines a spawned server printed (LOG_FORMAT=json). */
export function logLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
