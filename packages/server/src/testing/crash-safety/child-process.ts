import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
/**
 * The built child: test-only code is compiled by tsconfig.test.json into .tsbuild/, never into the
 * shipped dist/ (the same relative path from src/testing/crash-safety and .tsbuild/testing/crash-safety).
 */
export const CRASH_CHILD = fileURLToPath(
  new URL('../../../.tsbuild/testing/crash-safety/crash-child.js', import.meta.url),
);

/** One event line of crash-child.ts (see its header for the protocol). */
export interface ChildEvent {
  event: 'loaded' | 'ready' | 'order' | 'refused' | 'stopped';
  [field: string]: unknown;
}

/** A running crash child: its events so far, waits on them, and the two ways it ends. */
export interface CrashChild {
  readonly events: ChildEvent[];
  /** Waits until the child has loaded its code, then lets it open the database and start the engine. */
  go(): Promise<void>;
  /** Resolves with the first event (from the start) of that kind; rejects if the child exits first. */
  next(kind: ChildEvent['event'], timeoutMs?: number): Promise<ChildEvent>;
  /** kill -9: the process gets no chance to finish anything. Resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM: the child finishes its order, syncs trades and stops the engine; resolves with the exit code. */
  stop(): Promise<number | string>;
}

/**
 * Starts the built crash child (.tsbuild/testing/crash-safety/crash-child.js, as `npm start` runs the built
 * server: loading the sources through tsx costs each restart ~1 s more) with `env` on top of this
 * process's environment minus DATABASE_URL (the test names the database itself).
 */
export function startCrashChild(env: Record<string, string>): CrashChild {
  if (!existsSync(CRASH_CHILD)) throw new Error(`${CRASH_CHILD} is missing: run \`npm run build\` first`);
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [CRASH_CHILD], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const events: ChildEvent[] = [];
  const waiters = new Set<() => void>();
  let pendingLine = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (pendingLine + chunk.toString()).split('\n');
    pendingLine = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) events.push(JSON.parse(line) as ChildEvent);
    for (const wake of waiters) wake();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  let exitCode: number | string | null = null;
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal ?? -1;
      resolve(exitCode);
      for (const wake of waiters) wake();
    });
  });

  const next = (kind: ChildEvent['event'], timeoutMs = 60_000) =>
    new Promise<ChildEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find((e) => e.event === kind);
        if (!found && exitCode === null) return;
        waiters.delete(check);
        clearTimeout(timer);
        if (found) resolve(found);
        else reject(new Error(`the crash child exited (${exitCode}) before "${kind}":\n${err.slice(-4000)}`));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no "${kind}" from the crash child after ${timeoutMs} ms:\n${err.slice(-4000)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return {
    events,
    next,
    go: async () => {
      await next('loaded');
      child.stdin?.end('go\n');
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
