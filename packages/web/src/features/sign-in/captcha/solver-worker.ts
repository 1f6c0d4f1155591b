import { type SearchTask, searchShare } from './search';

/** A worker's messages to the page (the page ends a worker with `terminate()`). */
export type WorkerReply =
  | { kind: 'progress'; tried: number }
  | { kind: 'done'; number: number | null }
  | { kind: 'failed'; message: string };

/** The worker's global scope, typed as much as used (the web project's lib is the DOM's). */
const scope = self as unknown as {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<SearchTask>) => void) | null;
};
const post = (reply: WorkerReply) => scope.postMessage(reply);

/** One share of the captcha's search per worker (solver.ts splits the numbers). */
scope.onmessage = (event: MessageEvent<SearchTask>) => {
  searchShare(event.data, (tried) => post({ kind: 'progress', tried })).then(
    (number) => post({ kind: 'done', number }),
    (error: unknown) =>
      post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
