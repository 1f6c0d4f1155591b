// The embedded database's thread: opens PGlite on the folder it is given and answers the
// PostgreSQL wire protocol on each MessagePort the main thread hands it (one port per `pg`
// connection; the protocol: thread.ts). PGlite runs PostgreSQL in single-user mode, synchronously,
// inside WebAssembly: here its open, queries, VACUUM and checkpoints stop this thread, not the
// server's event loop.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { CANCEL_REQUEST_CODE, type Frame, FrameReader, TERMINATE } from './frames.js';
import { EMBEDDED_PGLITE_OPTIONS } from './options.js';
import { seedFromTemplate } from './template.js';

/** What the main thread sends on parentPort. */
export type ToWorker = { type: 'session'; port: MessagePort } | { type: 'close' };
/** What this thread sends on parentPort. */
export type FromWorker = { type: 'ready' } | { type: 'failed'; message: string };
/** What a session port carries from the main thread: the client's bytes, or the end of the connection. */
export type SessionInput = Uint8Array | 'end';

const port = parentPort as NonNullable<typeof parentPort>;
const { dir, template } = workerData as { dir: string; template: string };

/** Replies are transferred to the main thread, so each is a new array (never a shared constant). */
const noBytes = () => new Uint8Array(0);
/** 'N': this server does not do SSL/GSS encryption (it has no network side to encrypt). */
const refused = () => Uint8Array.of(0x4e);
/** Sync, then a simple Query 'ROLLBACK': what a session leaves behind is cleared as a real server would. */
const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4);
const ROLLBACK = simpleQuery('ROLLBACK');

function simpleQuery(text: string): Uint8Array {
  const body = new TextEncoder().encode(`${text}\0`);
  const message = new Uint8Array(5 + body.length);
  message[0] = 0x51; // 'Q'
  new DataView(message.buffer).setInt32(1, 4 + body.length);
  message.set(body, 5);
  return message;
}

// A new data folder is filled from the build's template, when it has one that fits (template.ts).
seedFromTemplate(dir, template);
const pglite = new PGlite(dir, EMBEDDED_PGLITE_OPTIONS);
/** Every call into PGlite, in order: it is one PostgreSQL backend, one message stream at a time. */
let queue: Promise<unknown> = pglite.waitReady;
const sessions = new Set<MessagePort>();
/** Set once PGlite is closed: work still queued then (a connection's goodbye) is skipped. */
let closed = false;

/** Runs `work` after everything queued before it; an unexpected failure ends the thread (thread.ts reports it). */
function enqueue(work: () => Promise<void>): void {
  queue = queue
    .then(() => (closed ? undefined : work()))
    .catch((error: unknown) => {
      setImmediate(() => {
        throw error;
      });
    });
}

/** A reply the port can take ownership of: PGlite may hand back a view of its own receive buffer. */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

/** Clears what a connection that went away left open: an unfinished extended query, a transaction. */
async function resetSession(): Promise<void> {
  await pglite.execProtocolRaw(SYNC);
  if (pglite.isInTransaction()) await pglite.execProtocolRaw(ROLLBACK);
}

function serve(session: MessagePort): void {
  sessions.add(session);
  const reader = new FrameReader();
  let ended = false;
  /** Marks the connection over; true the first time, so its reset is queued once (after its last input). */
  const end = (): boolean => {
    if (ended) return false;
    ended = true;
    sessions.delete(session);
    return true;
  };
  const execute = async (frame: Frame): Promise<Uint8Array> => {
    if (frame.kind === 'untyped') {
      if (frame.code === CANCEL_REQUEST_CODE) {
        // A cancel cannot interrupt a single-user backend mid-statement; the client closes this connection.
        return noBytes();
      }
      // PGlite answers a StartupMessage itself (AuthenticationOk, ParameterStatus, ReadyForQuery).
      return frame.code >> 16 === 3 ? owned(await pglite.execProtocolRaw(frame.bytes)) : refused();
    }
    if (frame.type === TERMINATE) {
      if (end()) await resetSession();
      return noBytes();
    }
    return owned(await pglite.execProtocolRaw(frame.bytes));
  };
  session.on('message', (input: SessionInput) => {
    if (input === 'end') {
      if (end()) enqueue(resetSession);
      session.close();
      return;
    }
    let frames: Frame[];
    try {
      frames = reader.push(input);
    } catch {
      // Not the PostgreSQL protocol: the connection is dropped, as a server would.
      if (end()) enqueue(resetSession);
      session.close();
      return;
    }
    enqueue(async () => {
      const replies: Uint8Array[] = [];
      for (const frame of frames) replies.push(await execute(frame));
      const reply = joined(replies);
      // One reply per input, even an empty one: the main thread counts them to know when it is idle.
      session.postMessage(reply, [reply.buffer as ArrayBuffer]);
    });
  });
  session.on('close', () => {
    if (end()) enqueue(resetSession);
  });
}

function joined(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array; // already the caller's own (owned(), or new)
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

pglite.waitReady.then(
  () => port.postMessage({ type: 'ready' } satisfies FromWorker),
  (error: unknown) => {
    // The main thread ends this thread when it reads this.
    port.postMessage({ type: 'failed', message: (error as Error).message } satisfies FromWorker);
  },
);

port.on('message', (message: ToWorker) => {
  if (message.type === 'session') serve(message.port);
  else
    enqueue(async () => {
      // A clean close: PostgreSQL's shutdown checkpoint, so the next open has no WAL to replay.
      await pglite.close();
      closed = true;
      for (const session of sessions) session.close();
      port.close();
    });
});
