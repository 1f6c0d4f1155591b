import { Duplex } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import type { SessionInput } from './worker.js';

/**
 * One `pg` connection to the embedded database's thread, in the shape `pg` expects of its socket
 * (`new pg.Pool({ stream })`: connect, setNoDelay, setKeepAlive, ref/unref, write, end, destroy and
 * the 'connect', 'data', 'error', 'close' events). What pg writes in one turn of the event loop
 * goes to the thread as one message of bytes (transferred, not copied twice); each answer comes
 * back as one message and is read as data.
 *
 * The port keeps the process alive only while an answer is awaited, as a socket with a query in
 * flight would; an idle connection does not hold the process open.
 */
export class WorkerSocket extends Duplex {
  private queued: Uint8Array[] = [];
  private flushScheduled = false;
  /** Inputs posted and not yet answered (the thread answers each one exactly once). */
  private awaiting = 0;
  /** Set once pg has ended the connection: the port closing after that is the expected goodbye. */
  private ending = false;

  /**
   * @param port this connection's end of the channel, or null when the thread is gone
   * @param failure why the connection cannot be made, when `port` is null
   */
  constructor(
    private readonly port: MessagePort | null,
    private readonly failure: () => Error,
  ) {
    super({ allowHalfOpen: false });
    if (!port) return;
    port.unref();
    port.on('message', (reply: Uint8Array) => {
      this.awaiting -= 1;
      if (this.awaiting === 0) port.unref();
      if (reply.length > 0) this.push(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength));
    });
    // The thread closed the connection (it stopped, or the bytes were not the protocol).
    port.on('close', () => {
      if (!this.destroyed) this.destroy(this.ending ? undefined : this.failure());
    });
  }

  connect(): this {
    process.nextTick(() => {
      if (this.port) this.emit('connect');
      else this.destroy(this.failure());
    });
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {
    // Answers are pushed as the thread sends them.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.queued.push(chunk);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      process.nextTick(() => this.flush());
    }
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.ending = true;
    this.flush();
    this.post('end');
    this.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.queued = [];
    this.port?.close();
    callback(error);
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.queued.length === 0 || this.destroyed) return;
    // A copy of exactly these bytes: pg's buffers may be views of a larger shared one.
    const bytes = new Uint8Array(this.queued.reduce((sum, chunk) => sum + chunk.length, 0));
    let at = 0;
    for (const chunk of this.queued) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    this.queued = [];
    this.awaiting += 1;
    this.port?.ref();
    this.post(bytes);
  }

  private post(input: SessionInput): void {
    if (!this.port) return;
    if (input === 'end') this.port.postMessage(input);
    else this.port.postMessage(input, [input.buffer as ArrayBuffer]);
  }
}
