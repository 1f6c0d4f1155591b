import type { CaptchaChallenge } from '@balancer/core';
import { type SearchTask, searchShare } from './search';
import type { WorkerReply } from './solver-worker';

/** The protocol's default when a challenge names no max number. */
export const DEFAULT_MAX_NUMBER = 1_000_000;
/** The spec's bounds on parallel captcha workers. */
export const MAX_WORKERS = 16;
/** Shown when the whole range was searched without a match (the spec's wording). */
export const NO_SOLUTION_MESSAGE = 'Unexpected result returned.';

/**
 * Workers for a solve: one per logical core the browser reports (2 when it does not say),
 * 1–16. The search is pure CPU and the page is idle meanwhile, so every core helps; more
 * workers than cores would only take turns.
 */
export function captchaWorkerCount(cores = globalThis.navigator?.hardwareConcurrency): number {
  const reported = Number.isInteger(cores) && (cores as number) > 0 ? (cores as number) : 2;
  return Math.min(MAX_WORKERS, reported);
}

export interface SolveOptions {
  /** Parallel workers (1–16); without Web Workers the search runs on the main thread. */
  workers?: number;
  /** The share of the number range searched so far, 0–1 (at most every 100 ms). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Tests and browsers without module workers: null runs the search on the main thread. */
  createWorker?: (() => Worker) | null;
}

export interface Solution {
  number: number;
  tookMs: number;
}

function defaultWorker(): Worker {
  return new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module', name: 'captcha' });
}

const abortError = () => new DOMException('The captcha solve was cancelled', 'AbortError');

/** The shares of `workers` searchers: searcher i tries i, i + workers, i + 2·workers, … */
function shares(challenge: CaptchaChallenge, workers: number): SearchTask[] {
  const max = challenge.maxnumber ?? DEFAULT_MAX_NUMBER;
  return Array.from({ length: workers }, (_, start) => ({
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    salt: challenge.salt,
    start,
    step: workers,
    max,
  }));
}

function inWorkers(
  tasks: SearchTask[],
  createWorker: () => Worker,
  progress: (index: number, tried: number) => void,
  signal: AbortSignal | undefined,
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    let finished = 0;
    const end = () => {
      for (const worker of workers) worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      end();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort);
    try {
      for (const [index, task] of tasks.entries()) {
        const worker = createWorker();
        workers.push(worker);
        worker.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
          if (data.kind === 'progress') return progress(index, data.tried);
          if (data.kind === 'failed') {
            end();
            return reject(new Error(data.message));
          }
          if (data.number !== null) {
            end();
            return resolve(data.number);
          }
          finished += 1;
          if (finished === workers.length) {
            end();
            resolve(null);
          }
        };
        worker.onerror = (event) => {
          end();
          reject(new Error(event.message || 'The captcha worker failed'));
        };
        worker.postMessage(task);
      }
    } catch (error) {
      end();
      reject(error);
    }
  });
}

/**
 * Solves an ALTCHA v1 challenge: the number n ≤ maxnumber with digest(salt + n) = challenge,
 * searched by parallel Web Workers, each taking every k-th number. The server checks the answer
 * (and its signature, expiry and single use): this is the real proof of work, nothing skipped.
 */
export async function solveChallenge(
  challenge: CaptchaChallenge,
  options: SolveOptions = {},
): Promise<Solution> {
  const { onProgress, signal } = options;
  const started = performance.now();
  const createWorker =
    options.createWorker === undefined
      ? typeof Worker === 'undefined'
        ? null
        : defaultWorker
      : options.createWorker;
  const count = createWorker
    ? Math.max(1, Math.min(MAX_WORKERS, options.workers ?? captchaWorkerCount()))
    : 1;
  const tasks = shares(challenge, count);
  const range = (tasks[0]?.max ?? DEFAULT_MAX_NUMBER) + 1;
  const tried = new Array<number>(count).fill(0);
  const progress = (index: number, value: number) => {
    tried[index] = value;
    onProgress?.(Math.min(1, tried.reduce((sum, each) => sum + each, 0) / range));
  };
  if (signal?.aborted) throw abortError();
  const number = createWorker
    ? await inWorkers(tasks, createWorker, progress, signal)
    : await searchShare(tasks[0] as SearchTask, (value) => progress(0, value), {
        mainThread: true,
        aborted: () => signal?.aborted === true,
      });
  if (signal?.aborted) throw abortError();
  if (number === null) throw new Error(NO_SOLUTION_MESSAGE);
  return { number, tookMs: Math.round(performance.now() - started) };
}
