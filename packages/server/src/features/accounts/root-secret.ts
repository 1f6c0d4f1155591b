import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../logging/logger.js';
import type { AccountsContext, AccountsEnvironment } from './context.js';
import { createRootIfMissing, type RootOtp, rootAnnouncement, webAppUrl } from './root-account.js';
import { findRoot } from './users-repository.js';

/** Root's one-time-code secret waits here, in the data folder, when no terminal showed it. */
export const ROOT_OTP_FILE = 'root-otp.txt';

/** The file's absolute path in `dataDir`. */
export function rootOtpFile(dataDir: string): string {
  return path.resolve(dataDir, ROOT_OTP_FILE);
}

/** Writes `text` as the file, readable by its owner only (0600), whole or not at all (rename). */
function writeOwnerOnly(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  try {
    writeFileSync(partial, text, { mode: 0o600, flag: 'w' });
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * How root's one-time-code secret reaches the operator (docs/accounts.md, "The root account"),
 * without ever going through the log: on an interactive terminal it is shown there; otherwise
 * (systemd, Docker, a pipe: whatever captures stdout keeps it) it is written to ROOT_OTP_FILE in
 * the data folder and the log names only that file. While root has no password, each start
 * repeats where to look; once root has one, the file is deleted.
 */
export class RootSecretDelivery {
  private readonly file: string;

  constructor(
    private readonly ctx: AccountsContext,
    dataDir: string,
    private readonly environment: () => AccountsEnvironment,
    private readonly logger: Logger,
  ) {
    this.file = rootOtpFile(dataDir);
  }

  /** At start: creates root on the first run and delivers its secret; afterwards, `settle`s. */
  async atStart(): Promise<void> {
    const created = await createRootIfMissing(this.ctx);
    if (created) await this.deliver(created);
    else await this.settle(true);
  }

  /**
   * Deletes the file once root has a password (at start, and after any password update); while it
   * has none and `remind` is set, logs one line saying where the secret is (never the secret).
   * True while root waits for its password (RootPasswordReminder repeats the line until then).
   */
  async settle(remind = false): Promise<boolean> {
    const root = await findRoot(this.ctx.db());
    if (!root) return false;
    const waiting = existsSync(this.file);
    if (root.password_hash !== null) {
      if (!waiting) return false;
      rmSync(this.file, { force: true });
      this.logger.info(
        { file: this.file },
        "root has a password: its one-time-code secret's file was deleted",
      );
      return false;
    }
    if (!remind) return true;
    const where = waiting
      ? `its one-time-code secret is in ${this.file}`
      : 'its one-time-code secret was shown at the first start (npm run cli -- root-otp shows it again)';
    this.logger.warn(
      { nickname: root.nickname, file: waiting ? this.file : undefined },
      `${root.nickname} has no password yet: ${where}; set it at ${webAppUrl(this.ctx.config)}/auth/update-password`,
    );
    return true;
  }

  private async deliver(created: RootOtp): Promise<void> {
    const url = webAppUrl(this.ctx.config);
    const heading = 'First start: the root account was created.';
    const environment = this.environment();
    if (environment.interactive) {
      this.logger.info(
        { nickname: created.nickname },
        'root account created; its one-time-code secret is shown on the terminal, never in the log',
      );
      environment.print(await rootAnnouncement(created, url, heading, 'terminal'));
      return;
    }
    try {
      writeOwnerOnly(this.file, await rootAnnouncement(created, url, heading, 'file'));
    } catch (error) {
      this.logger.error(
        { err: error, file: this.file },
        'root account created, but its one-time-code secret could not be written: `npm run cli -- root-otp` shows it',
      );
      return;
    }
    this.logger.warn(
      { nickname: created.nickname, file: this.file },
      `root account created; its one-time-code secret is in ${this.file} (readable by this user only), deleted once root has set its password at ${url}/auth/update-password`,
    );
  }
}
