import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLock } from './data-dir-lock.js';

describe('DataDirLock: the embedded database serves one instance', () => {
  const folders: string[] = [];
  const lockFile = () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'balancer-lock-'));
    folders.push(folder);
    return path.join(folder, 'balancer.pid');
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a second instance while the first lives, and says how to run more', () => {
    const file = lockFile();
    // The parent process (the test runner) stands for a Balancer instance that holds the folder.
    writeFileSync(file, String(process.ppid));
    let refusal: unknown;
    try {
      DataDirLock.acquire(file);
    } catch (error) {
      refusal = error;
    }
    expect((refusal as { errorName?: string }).errorName).toBe('DATABASE_UNAVAILABLE');
    expect((refusal as Error).message).toContain(
      `the embedded database serves one instance and is in use by another Balancer process (pid ${process.ppid}); stop it, or set DATABASE_URL (PostgreSQL) to run more than one instance`,
    );
    expect(readFileSync(file, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over the lock of a process that died, and releases it', () => {
    const file = lockFile();
    writeFileSync(file, '2147483646'); // no such process
    const lock = DataDirLock.acquire(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(() => readFileSync(file)).toThrow();
  });
});
