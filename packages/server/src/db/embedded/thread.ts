import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import { CodedError } from '@balancer/core';
import { EMBEDDED_TEMPLATE_DIR, EMBEDDED_WORKER_FILE, RUNNING_FROM_SOURCE } from '../../paths.js';
import type { FromWorker, ToWorker } from './worker.js';
import { WorkerSocket } from './worker-socket.js';

/**
 * The built server runs worker.js beside this file. From the TypeScript sources (vitest, tsx, the
 * benchmarks) this file is a .ts and so is the worker: a two-line bootstrap registers tsx's
 * loader in the new thread, then imports worker.ts (Node 20 does not apply a worker's
 * `--import` to its entry module). Only the development tools take this path; the shipped build
 * never needs tsx.
 */
function workerEntry(): { entry: URL | string; evaluate: boolean } {
  if (!RUNNING_FROM_SOURCE) return { entry: pathToFileURL(EMBEDDED_WORKER_FILE), evaluate: false };
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const worker = JSON.stringify(pathToFileURL(EMBEDDED_WORKER_FILE).href);
  return {
    entry: `import(${tsx}).then((tsx) => { tsx.register(); return import(${worker}); });`,
    evaluate: true,
  };
}

/**
 * The embedded database's worker thread, owned by this process. It starts opening PGlite as soon
 * as it is constructed; `connect()` gives `pg` one connection to it (see worker.ts for the other
 * side). Protocol on the worker's own port: the main thread sends `session` (a new connection's
 * MessagePort) and `close`; the thread answers `ready` once PGlite is open, or `failed`.
 *
 * A thread that stops on its own (a crash, an error PGlite cannot recover from) fails every open
 * connection and every later one with DATABASE_WORKER_FAILED, and is reported once to `onFailure`:
 * callers get an error, never a query that waits forever.
 */
export class PgliteThread {
  /** Resolves once PGlite is open; rejects (DATABASE_UNAVAILABLE / DATABASE_WORKER_FAILED) if it cannot be. */
  readonly opened: Promise<void>;
  /** Called once when the thread stops on its own after it opened. */
  onFailure: (error: CodedError) => void = () => {};
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private readonly sockets = new Set<WorkerSocket>();
  private stoppedWith: CodedError | null = null;
  private isOpen = false;
  private closeRequested = false;
  private closeFailure: CodedError | null = null;

  constructor(readonly dir: string) {
    const { entry, evaluate } = workerEntry();
    this.worker = new Worker(entry, {
      eval: evaluate,
      workerData: { dir, template: EMBEDDED_TEMPLATE_DIR },
      name: 'pglite',
    });
    let rejectOpen: (error: CodedError) => void = () => {};
    this.opened = new Promise<void>((resolve, reject) => {
      rejectOpen = reject;
      this.worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') {
          this.isOpen = true;
          // Open and idle, the thread does not keep the process alive (a query in flight does).
          this.worker.unref();
          resolve();
        } else {
          this.stoppedWith = new CodedError('DATABASE_UNAVAILABLE', `${dir}: ${message.message}`);
          reject(this.stoppedWith);
          void this.worker.terminate();
        }
      });
    });
    // Nobody may be waiting yet (an early open); the rejection is read by whoever awaits `opened`.
    this.opened.catch(() => {});
    const stopped = (detail: string) => {
      if (this.stoppedWith) return;
      const error = new CodedError('DATABASE_WORKER_FAILED', `${dir}: ${detail}`);
      this.stoppedWith = error;
      for (const socket of this.sockets) socket.destroy(error);
      if (this.closeRequested) this.closeFailure = error;
      else if (this.isOpen) this.onFailure(error);
      else rejectOpen(error);
    };
    this.worker.on('error', (error) => stopped(`the database thread failed: ${error.message}`));
    this.exited = new Promise<void>((resolve) => {
      this.worker.once('exit', (code) => {
        if (!this.closeRequested || code !== 0) stopped(`the database thread exited (code ${code})`);
        resolve();
      });
    });
  }

  /** A new connection for `pg` (its `stream` option); one that fails at once if the thread has stopped. */
  connect(): WorkerSocket {
    const failure = () =>
      this.stoppedWith ??
      new CodedError('DATABASE_WORKER_FAILED', `${this.dir}: the database thread closed the connection`);
    if (this.stoppedWith || this.closeRequested) return new WorkerSocket(null, failure);
    const { port1, port2 } = new MessageChannel();
    this.worker.postMessage({ type: 'session', port: port2 } satisfies ToWorker, [port2]);
    const socket = new WorkerSocket(port1, failure);
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    return socket;
  }

  /**
   * Closes PGlite cleanly (its shutdown checkpoint) and waits for the thread to end. After the
   * thread stopped on its own this returns at once; an error while closing is thrown.
   */
  async close(): Promise<void> {
    if (!this.closeRequested) {
      this.closeRequested = true;
      if (!this.stoppedWith) {
        this.worker.ref();
        this.worker.postMessage({ type: 'close' } satisfies ToWorker);
      }
    }
    await this.exited;
    if (this.closeFailure) throw this.closeFailure;
  }

  /** Ends the thread at once, as a crash would (tests). */
  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}
