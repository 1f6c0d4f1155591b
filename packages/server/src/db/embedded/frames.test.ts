import { describe, expect, it } from 'vitest';
import { FrameReader, SSL_REQUEST_CODE, TERMINATE } from './frames.js';

/** A typed message: type byte, int32 length (itself + body), body. */
function typed(type: string, body: number[] = []): Uint8Array {
  const bytes = new Uint8Array(5 + body.length);
  bytes[0] = type.charCodeAt(0);
  new DataView(bytes.buffer).setInt32(1, 4 + body.length);
  bytes.set(body, 5);
  return bytes;
}

/** An untyped first message: int32 length, int32 code, body. */
function untyped(code: number, body: number[] = []): Uint8Array {
  const bytes = new Uint8Array(8 + body.length);
  const view = new DataView(bytes.buffer);
  view.setInt32(0, 8 + body.length);
  view.setInt32(4, code);
  bytes.set(body, 8);
  return bytes;
}

const join = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));
const STARTUP = untyped(196608, [...new TextEncoder().encode('user\0postgres\0\0')]); // protocol 3.0

describe('FrameReader', () => {
  it('hands out the startup message alone, then typed messages together', () => {
    const reader = new FrameReader();
    const parse = typed('P', [0, 1, 2]);
    const sync = typed('S');
    const frames = reader.push(join(STARTUP, parse, sync));
    expect(frames).toEqual([
      { kind: 'untyped', code: 196608, bytes: STARTUP },
      { kind: 'typed', type: 'P'.charCodeAt(0), bytes: join(parse, sync) },
    ]);
  });

  it('waits for the rest of a message cut anywhere, even inside its length', () => {
    const reader = new FrameReader();
    reader.push(STARTUP);
    const query = typed('Q', [...new TextEncoder().encode('select 1\0')]);
    for (let cut = 1; cut < query.length; cut++) {
      expect(reader.push(query.subarray(0, cut))).toEqual([]);
      expect(reader.push(query.subarray(cut))).toEqual([{ kind: 'typed', type: 0x51, bytes: query }]);
    }
  });

  it('keeps an SSLRequest apart and still expects a startup message after it', () => {
    const reader = new FrameReader();
    const ssl = untyped(SSL_REQUEST_CODE);
    const frames = reader.push(join(ssl, STARTUP));
    expect(frames.map((frame) => frame.kind === 'untyped' && frame.code)).toEqual([SSL_REQUEST_CODE, 196608]);
  });

  it('cuts the batch at a Terminate', () => {
    const reader = new FrameReader();
    reader.push(STARTUP);
    const query = typed('Q', [0]);
    const terminate = typed('X');
    const frames = reader.push(join(query, terminate));
    expect(frames).toEqual([
      { kind: 'typed', type: 0x51, bytes: query },
      { kind: 'typed', type: TERMINATE, bytes: terminate },
    ]);
  });

  it('refuses bytes that are not the protocol', () => {
    const reader = new FrameReader();
    reader.push(STARTUP);
    // A length of 2 cannot be: it counts its own 4 bytes.
    expect(() => reader.push(Uint8Array.of(0x51, 0, 0, 0, 2))).toThrow(/invalid message length/);
  });
});
