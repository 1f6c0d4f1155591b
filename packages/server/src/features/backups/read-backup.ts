import { createReadStream, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { CodedError } from '@balancer/core';
import { type BackupHeader, parseHeader } from './format.js';

function unreadable(file: string, error: unknown): CodedError {
  const code = (error as NodeJS.ErrnoException).code;
  // zlib errors (not gzip, cut short) mean a damaged file; the rest are file-system errors.
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new CodedError('BACKUP_NOT_A_BACKUP', `${file}: ${(error as Error).message}`, { cause: error });
  }
  return new CodedError('BACKUP_FILE_UNREADABLE', `${file}: ${(error as Error).message}`, { cause: error });
}

/** The file's lines, decompressed as they are read; a damaged or cut-short file throws a coded error. */
async function* lines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  gunzip.setEncoding('utf8');
  // Errors of either stream reach the loop below through gunzip (pipeline destroys it with them).
  pipeline(createReadStream(file), gunzip).catch(() => {});
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      rest += chunk as string;
      let end = rest.indexOf('\n');
      while (end >= 0) {
        yield rest.slice(0, end);
        rest = rest.slice(end + 1);
        end = rest.indexOf('\n');
      }
    }
  } catch (error) {
    throw unreadable(file, error);
  } finally {
    gunzip.destroy();
  }
  if (rest.length > 0) yield rest;
}

export interface OpenBackup {
  header: BackupHeader;
  /** The lines after the header; call `close()` when not reading them all. */
  body: AsyncGenerator<string>;
  close(): Promise<void>;
}

/** Opens a backup file and checks its header; the body is read on demand. */
export async function openBackup(file: string): Promise<OpenBackup> {
  let isFile: boolean;
  try {
    isFile = statSync(file).isFile();
  } catch (error) {
    throw unreadable(file, error);
  }
  if (!isFile) throw new CodedError('BACKUP_FILE_UNREADABLE', `${file}: not a file`);
  const body = lines(file);
  try {
    const first = await body.next();
    const header = parseHeader(first.done ? undefined : first.value);
    return { header, body, close: async () => void (await body.return(undefined)) };
  } catch (error) {
    await body.return(undefined);
    throw error;
  }
}
