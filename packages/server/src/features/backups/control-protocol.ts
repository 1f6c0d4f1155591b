import { connect, type Socket } from 'node:net';
import { CodedError, ERRORS, type ErrorName } from '@balancer/core';
import type { BackupSummary } from './create-backup.js';

/** The server's one-line answer to a control request: the command's result, or its coded error. */
export type SocketAnswer =
  | ({ ok: true } & Record<string, unknown>)
  | { ok: false; name: ErrorName; detail: string | undefined };

/** A request or answer is one short JSON line; anything longer is not ours. */
const MAX_MESSAGE = 64 * 1024;

/** Reads one JSON line from the socket (null when it is not JSON). */
export function readMessage(socket: Socket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = '';
    const done = () => {
      socket.removeAllListeners('data');
      const line = text.split('\n')[0] ?? '';
      try {
        resolve(JSON.parse(line));
      } catch {
        resolve(null);
      }
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n') || text.length > MAX_MESSAGE) done();
    });
    socket.once('end', done);
    socket.once('error', reject);
  });
}

/**
 * Sends one command to the server running on the embedded database (`{command, ...}`) and waits
 * for its answer. The server's coded errors come back as the same coded errors.
 */
export async function requestControl(
  socketPath: string,
  request: { command: string } & Record<string, unknown>,
): Promise<Record<string, unknown>> {
  let answer: SocketAnswer | null;
  try {
    answer = await new Promise<SocketAnswer | null>((resolve, reject) => {
      const socket = connect(socketPath);
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.write(`${JSON.stringify(request)}\n`);
        readMessage(socket).then((message) => {
          socket.destroy();
          resolve(message as SocketAnswer | null);
        }, reject);
      });
    });
  } catch (error) {
    throw new CodedError('BACKUP_CONTROL_SOCKET_FAILED', `${socketPath}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (answer?.ok === true) {
    const { ok: _ok, ...result } = answer;
    return result;
  }
  if (answer && answer.ok === false && answer.name in ERRORS)
    throw new CodedError(answer.name, answer.detail);
  throw new CodedError('BACKUP_CONTROL_SOCKET_FAILED', `${socketPath}: no valid answer`);
}

/**
 * Asks the server running on the embedded database to write a backup to `file` (absolute) and
 * waits for it to finish.
 */
export async function requestBackup(socketPath: string, file: string): Promise<BackupSummary> {
  return (await requestControl(socketPath, { command: 'backup', path: file })) as unknown as BackupSummary;
}
