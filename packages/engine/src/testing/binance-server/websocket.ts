import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * A minimal server side of RFC 6455 for the test server (no dependency): the upgrade handshake,
 * unfragmented text frames both ways, ping → pong, and close. Enough for ccxt's websocket client;
 * no extensions are negotiated (so no compression), and client frames must be masked.
 */
const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface WebSocketPeer {
  send(message: unknown): void;
  close(): void;
  readonly closed: boolean;
}

/** Completes the handshake on `socket`, or answers `refuseStatus` and returns null. */
export function acceptWebSocket(
  req: IncomingMessage,
  socket: Duplex,
  onText: (peer: WebSocketPeer, text: string) => void,
  onClose: (peer: WebSocketPeer) => void,
  refuseStatus?: number,
): WebSocketPeer | null {
  const key = req.headers['sec-websocket-key'];
  if (
    refuseStatus !== undefined ||
    typeof key !== 'string' ||
    req.headers.upgrade?.toLowerCase() !== 'websocket'
  ) {
    socket.end(`HTTP/1.1 ${refuseStatus ?? 400} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    return null;
  }
  const accept = createHash('sha1')
    .update(key + GUID)
    .digest('base64');
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  let closed = false;
  const peer: WebSocketPeer = {
    send(message) {
      if (!closed) socket.write(frame(0x1, Buffer.from(JSON.stringify(message), 'utf8')));
    },
    close() {
      if (closed) return;
      closed = true;
      socket.end(frame(0x8, Buffer.alloc(0)));
      onClose(peer);
    },
    get closed() {
      return closed;
    },
  };
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const parsed = readFrame(buffered);
      if (!parsed) break;
      buffered = buffered.subarray(parsed.length);
      if (parsed.opcode === 0x1) onText(peer, parsed.payload.toString('utf8'));
      else if (parsed.opcode === 0x9 && !closed) socket.write(frame(0xa, parsed.payload));
      else if (parsed.opcode === 0x8) peer.close();
    }
  });
  const gone = () => {
    if (!closed) {
      closed = true;
      onClose(peer);
    }
  };
  socket.on('close', gone);
  socket.on('error', gone);
  return peer;
}

/** One unmasked server frame with FIN set. */
function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head =
    length < 126
      ? Buffer.from([0x80 | opcode, length])
      : length < 65_536
        ? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigLength(length)]);
  return Buffer.concat([head, payload]);
}

function bigLength(length: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(length));
  return out;
}

/** The first complete client frame of `data`, unmasked; null until it has fully arrived. */
function readFrame(data: Buffer): { opcode: number; payload: Buffer; length: number } | null {
  if (data.length < 2) return null;
  const opcode = data[0]! & 0x0f;
  const masked = (data[1]! & 0x80) !== 0;
  let length = data[1]! & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (data.length < 4) return null;
    length = data.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (data.length < 10) return null;
    length = Number(data.readBigUInt64BE(2));
    offset = 10;
  }
  const maskOffset = offset;
  if (masked) offset += 4;
  if (data.length < offset + length) return null;
  const payload = Buffer.from(data.subarray(offset, offset + length));
  if (masked) for (let i = 0; i < payload.length; i++) payload[i] = payload[i]! ^ data[maskOffset + (i % 4)]!;
  return { opcode, payload, length: offset + length };
}
