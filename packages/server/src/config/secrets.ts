import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SecretKey } from './schema.js';

/** 32 random bytes as base64url: the format every generated secret uses. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Reads the secrets file in the data folder, generating the keys in `wanted` that it lacks.
 * The file is written with mode 0600 and re-tightened if someone loosened it.
 */
export function ensureSecrets(
  dataDir: string,
  wanted: readonly SecretKey[],
): { values: Partial<Record<SecretKey, string>>; generated: SecretKey[] } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Record<SecretKey, string>> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new Error(`${file} is not valid JSON; restore it from a backup or remove it to start afresh`);
    }
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  }
  const generated = wanted.filter((key) => typeof stored[key] !== 'string');
  if (generated.length > 0) {
    for (const key of generated) stored[key] = newSecret();
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  const values: Partial<Record<SecretKey, string>> = {};
  for (const key of wanted) values[key] = stored[key];
  return { values, generated };
}
