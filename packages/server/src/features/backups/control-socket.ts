import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { CodedError, isCodedError } from '@balancer/core';
import type { Config } from '../../config/schema.js';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import { systemTime } from '../../shared/clock.js';
import { readMessage, type SocketAnswer } from './control-protocol.js';
import { createBackup } from './create-backup.js';
import { controlSocketPath } from './running.js';

/**
 * Commands the control socket serves besides `backup`, by name: each gets the request (already
 * parsed JSON) and returns the answer's fields, or throws a coded error.
 */
export type ControlCommands = Record<
  string,
  (request: Record<string, unknown>) => Promise<Record<string, unknown>>
>;

/**
 * While the platform runs on the embedded database, no other process may open it, so the CLI asks
 * the server over a Unix socket in the data folder: `{"command":"backup","path":…}` (and the
 * other ControlCommands, e.g. `unlock`), one request per connection, answered with one JSON line.
 * The socket file has mode 0600 (and the data folder 0700): file-system permissions are the
 * authentication. Not served with PostgreSQL (the CLI connects to it directly) nor on Windows.
 */
export class BackupControlSocket implements BackgroundTask {
  readonly name = 'control socket';
  private server: Server | undefined;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly platform: Platform,
    private readonly config: Config,
    private readonly logger: Logger,
    private readonly commands: ControlCommands = {},
    /** Wall time, epoch ms: the backup's createdAt. */
    private readonly now: () => number = systemTime,
  ) {}

  private get file(): string {
    return controlSocketPath(this.config.BALANCER_DATA_DIR);
  }

  async start(): Promise<void> {
    if (this.config.DATABASE_URL || process.platform === 'win32') return;
    // A socket left by a process that died: this process holds the data folder's lock now.
    rmSync(this.file, { force: true });
    const server = createServer((socket) => {
      const work = this.serve(socket);
      this.inFlight.add(work);
      void work.finally(() => this.inFlight.delete(work));
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.file, () => resolve());
      });
      chmodSync(this.file, 0o600);
      this.server = server;
    } catch (error) {
      // Backups of the running platform are unavailable; the platform itself is fine.
      this.logger.error({ err: error, socket: this.file }, 'backup control socket failed to start');
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.allSettled([...this.inFlight]);
    rmSync(this.file, { force: true });
  }

  private async serve(socket: Socket): Promise<void> {
    socket.on('error', () => {});
    let answer: SocketAnswer;
    try {
      const request = (await readMessage(socket)) as Record<string, unknown> | null;
      const command = typeof request?.command === 'string' ? this.commands[request.command] : undefined;
      if (request && command && Object.hasOwn(this.commands, String(request.command))) {
        answer = { ok: true, ...(await command(request)) };
      } else {
        answer = { ok: true, ...(await this.backup(request)) };
      }
    } catch (error) {
      const coded = isCodedError(error)
        ? error
        : new CodedError('BACKUP_WRITE_FAILED', (error as Error).message);
      this.logger.warn({ err: coded }, 'control request failed');
      answer = { ok: false, name: coded.errorName, detail: coded.detail };
    }
    await new Promise<void>((resolve) => socket.end(`${JSON.stringify(answer)}\n`, () => resolve()));
  }

  private async backup(request: Record<string, unknown> | null) {
    if (request?.command !== 'backup' || typeof request.path !== 'string' || !path.isAbsolute(request.path)) {
      throw new CodedError('BACKUP_BAD_REQUEST');
    }
    const summary = await createBackup(this.platform.database.db, {
      file: request.path,
      encryptionKey: this.config.ENCRYPTION_KEY,
      databaseKind: this.platform.database.kind,
      now: new Date(this.now()),
    });
    this.logger.info({ ...summary }, 'backup written');
    return summary;
  }
}
