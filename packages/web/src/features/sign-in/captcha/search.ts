import { Sha256Search } from './sha256';

/** One searcher's share of a challenge: the numbers start, start + step, … up to max. */
export interface SearchTask {
  algorithm: string;
  /** The target digest (hex). */
  challenge: string;
  salt: string;
  start: number;
  step: number;
  max: number;
}

/** Tries between progress checks: ~1 ms of SHA-256 work. */
const CHUNK = 2048;
/** At most this often a searcher reports how many numbers it tried. */
export const PROGRESS_INTERVAL_MS = 100;
/** On the main thread, the longest stretch of work before giving the page a turn (one frame). */
const MAIN_THREAD_SLICE_MS = 12;

const now = () => performance.now();
const yieldTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function subtleMatches(task: SearchTask, n: number): Promise<boolean> {
  const digest = await crypto.subtle.digest(task.algorithm, new TextEncoder().encode(`${task.salt}${n}`));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex === task.challenge.toLowerCase();
}

/**
 * Searches the task's numbers for the one whose digest is the challenge; the number, or null
 * when the share holds none. `report(tried)` is told the count tried so far, at most every
 * 100 ms. SHA-256 (what our server asks) runs synchronously in chunks; SHA-384 and SHA-512 go
 * through Web Crypto. `mainThread` gives the page a turn every 12 ms; `aborted` is checked as often.
 */
export async function searchShare(
  task: SearchTask,
  report: (tried: number) => void,
  options: { mainThread?: boolean; aborted?: () => boolean } = {},
): Promise<number | null> {
  const fast = task.algorithm === 'SHA-256' ? new Sha256Search(task.salt, task.challenge) : null;
  const total = task.start > task.max ? 0 : Math.floor((task.max - task.start) / task.step) + 1;
  let tried = 0;
  let lastReport = now();
  let lastTurn = lastReport;
  while (tried < total) {
    const count = Math.min(CHUNK, total - tried);
    const from = task.start + tried * task.step;
    if (fast) {
      const found = fast.find(from, task.step, count);
      if (found >= 0) return found;
    } else {
      for (let i = 0; i < count; i++) {
        const n = from + i * task.step;
        if (await subtleMatches(task, n)) return n;
      }
    }
    tried += count;
    const time = now();
    if (time - lastReport >= PROGRESS_INTERVAL_MS) {
      report(tried);
      lastReport = time;
    }
    if (options.mainThread && time - lastTurn >= MAIN_THREAD_SLICE_MS) {
      await yieldTurn();
      lastTurn = now();
    }
    if (options.aborted?.()) return null;
  }
  report(tried);
  return null;
}
