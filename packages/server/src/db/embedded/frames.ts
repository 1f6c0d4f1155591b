/**
 * Splits the bytes a PostgreSQL client sends into whole frontend messages, so the embedded
 * database only ever runs complete messages (a message cut in two would leave PostgreSQL's
 * single-user main loop waiting for bytes that come in the next chunk).
 *
 * The first message of a connection has no type byte (StartupMessage, SSLRequest, GSSENCRequest,
 * CancelRequest: a 4-byte length, then a 4-byte code); every later one is a type byte followed by
 * a 4-byte length that counts itself but not the type byte.
 */

/** Codes of the untyped messages that are not a StartupMessage (PostgreSQL's protocol docs). */
export const SSL_REQUEST_CODE = 80877103;
export const GSSENC_REQUEST_CODE = 80877104;
export const CANCEL_REQUEST_CODE = 80877102;
/** Terminate: the client is done with the connection. */
export const TERMINATE = 0x58; // 'X'

export type Frame =
  /** The untyped first message: `code` tells a StartupMessage (protocol version) from a request. */
  | { kind: 'untyped'; code: number; bytes: Uint8Array }
  /** Typed messages, whole, in order; `type` is the first message's type byte. */
  | { kind: 'typed'; type: number; bytes: Uint8Array };

export class FrameReader {
  private pending: Uint8Array = new Uint8Array(0);
  /** True until the client has sent its StartupMessage (requests such as SSLRequest come before it). */
  private awaitingStartup = true;

  /** Adds what arrived; returns the messages now whole, cut at each untyped message and each Terminate. */
  push(chunk: Uint8Array): Frame[] {
    this.pending = this.pending.length === 0 ? chunk : concat(this.pending, chunk);
    const frames: Frame[] = [];
    let at = 0;
    let batchStart = -1;
    const closeBatch = (end: number) => {
      if (batchStart < 0) return;
      const bytes = this.pending.subarray(batchStart, end);
      frames.push({ kind: 'typed', type: bytes[0] as number, bytes });
      batchStart = -1;
    };
    for (;;) {
      const view = new DataView(this.pending.buffer, this.pending.byteOffset, this.pending.byteLength);
      if (this.awaitingStartup) {
        if (this.pending.length - at < 8) break;
        const length = view.getInt32(at);
        if (length < 8) throw new Error(`invalid first message length ${length}`);
        if (this.pending.length - at < length) break;
        const code = view.getInt32(at + 4);
        frames.push({ kind: 'untyped', code, bytes: this.pending.subarray(at, at + length) });
        at += length;
        if (code !== SSL_REQUEST_CODE && code !== GSSENC_REQUEST_CODE) this.awaitingStartup = false;
        continue;
      }
      if (this.pending.length - at < 5) break;
      const length = view.getInt32(at + 1);
      if (length < 4) throw new Error(`invalid message length ${length}`);
      const end = at + 1 + length;
      if (this.pending.length < end) break;
      if (this.pending[at] === TERMINATE) {
        closeBatch(at);
        frames.push({ kind: 'typed', type: TERMINATE, bytes: this.pending.subarray(at, end) });
      } else if (batchStart < 0) {
        batchStart = at;
      }
      at = end;
    }
    closeBatch(at);
    // Copies the remainder so the frames handed out keep their own bytes.
    this.pending = this.pending.slice(at);
    return frames;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}
