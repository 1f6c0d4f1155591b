import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CodedError } from '@balancer/core';
import {
  CONFIG_KEYS,
  type Config,
  configKeySchema,
  configSchema,
  isSecretKey,
  SECRET_KEYS,
  type SecretKey,
} from './schema.js';
import { ensureSecrets } from './secrets.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** Thrown at start-up; `problems` lists every bad key at once. */
export class ConfigError extends CodedError {
  readonly problems: string[];
  constructor(problems: string[]) {
    super('INVALID_CONFIG', `\n  - ${problems.join('\n  - ')}`);
    this.problems = problems;
  }
}

type Raw = Record<string, unknown>;

function readConfigFile(file: string, problems: string[]): Raw {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    problems.push(`BALANCER_CONFIG: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Raw;
    problems.push(`BALANCER_CONFIG: ${file} must hold a JSON object of settings`);
  } catch {
    problems.push(`BALANCER_CONFIG: ${file} is not valid JSON`);
  }
  return {};
}

/** Environment wins over `<KEY>_FILE`, which wins over the config file. */
export function collectSettings(env: Env, problems: string[]): Raw {
  const raw: Raw = {};
  const configFile = env.BALANCER_CONFIG?.trim();
  if (configFile) {
    const fromFile = readConfigFile(configFile, problems);
    for (const [key, value] of Object.entries(fromFile)) {
      if (!(CONFIG_KEYS as string[]).includes(key)) problems.push(`${key}: unknown setting in ${configFile}`);
      else raw[key] = value;
    }
  }
  for (const key of CONFIG_KEYS) {
    const direct = env[key];
    const fileRef = env[`${key}_FILE`];
    if (direct !== undefined && fileRef !== undefined) {
      problems.push(`${key}: set either ${key} or ${key}_FILE, not both`);
      continue;
    }
    if (direct !== undefined && direct !== '') raw[key] = direct;
    if (fileRef !== undefined) {
      try {
        raw[key] = readFileSync(fileRef, 'utf8').trim();
      } catch (error) {
        problems.push(`${key}_FILE: cannot read ${fileRef} (${(error as NodeJS.ErrnoException).code})`);
      }
    }
  }
  return raw;
}

export interface LoadedConfig {
  config: Config;
  /** Secrets that were generated on this start (first start, or a new kind of secret). */
  generatedSecrets: SecretKey[];
  secretsFile: string;
}

/**
 * Builds the configuration from the environment, the optional config file and the secrets file
 * in the data folder (creating the folder and any missing secret). Throws one ConfigError that
 * lists every problem.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): LoadedConfig {
  const problems: string[] = [];
  const raw = collectSettings(env, problems);
  const dataDirParse = configKeySchema.BALANCER_DATA_DIR.safeParse(raw.BALANCER_DATA_DIR);
  const dataDir = path.resolve(cwd, dataDirParse.success ? dataDirParse.data : './data');
  const secretsFile = path.join(dataDir, 'secrets.json');

  let generatedSecrets: SecretKey[] = [];
  if (problems.length === 0) {
    const missing = SECRET_KEYS.filter((key) => raw[key] === undefined);
    try {
      const ensured = ensureSecrets(dataDir, missing);
      Object.assign(raw, ensured.values);
      generatedSecrets = ensured.generated;
    } catch (error) {
      problems.push(`BALANCER_DATA_DIR: ${(error as Error).message}`);
    }
  }

  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    // One line per key, all of its reasons together.
    const byKey = new Map<string, string[]>();
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        problems.push(`unknown settings: ${issue.keys.join(', ')}`);
        continue;
      }
      const key = issue.path.join('.') || '(config)';
      // A secret nobody set is generated once the rest is valid: not a problem of its own.
      if (raw[key] === undefined && SECRET_KEYS.includes(key as SecretKey)) continue;
      byKey.set(key, [...(byKey.get(key) ?? []), issue.message]);
    }
    for (const [key, reasons] of byKey) {
      const top = key.split('.')[0] ?? key;
      const shown = isSecretKey(top) ? '' : ` (got ${JSON.stringify(raw[top])})`;
      problems.push(`${key}: ${reasons.join('; ')}${shown}`);
    }
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  return { config: { ...parsed.data, BALANCER_DATA_DIR: dataDir }, generatedSecrets, secretsFile };
}
