import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load.js';
import { defaultSweepThreads, LETS_ENCRYPT_DIRECTORY, SECRET_KEYS } from './schema.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'balancer-config-'));
});

const base = () => ({ BALANCER_DATA_DIR: path.join(dir, 'data') });

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, dir);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('uses the defaults and creates the data folder with generated secrets', () => {
    const { config, generatedSecrets, secretsFile } = loadConfig(base(), dir);
    expect(config.PORT).toBe(5075);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.GUI_URL).toEqual([]);
    expect(generatedSecrets).toEqual([...SECRET_KEYS]);
    // 0600: readable and writable by the owner only.
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
    expect(Buffer.from(config.ENCRYPTION_KEY, 'base64url')).toHaveLength(32);
    expect(new Set(SECRET_KEYS.map((key) => config[key])).size).toBe(SECRET_KEYS.length);
  });

  it('reuses the secrets on the next start and re-tightens a loosened file', () => {
    const first = loadConfig(base(), dir);
    chmodSync(first.secretsFile, 0o644);
    const second = loadConfig(base(), dir);
    expect(second.generatedSecrets).toEqual([]);
    for (const key of SECRET_KEYS) expect(second.config[key]).toBe(first.config[key]);
    expect(statSync(second.secretsFile).mode & 0o777).toBe(0o600);
  });

  it('takes a secret from the environment or a *_FILE path without writing it to the data folder', () => {
    const fromEnv = 'e'.repeat(48);
    const secretFile = path.join(dir, 'pepper.txt');
    writeFileSync(secretFile, `${'p'.repeat(50)}\n`);
    const { config, secretsFile } = loadConfig(
      { ...base(), JWT_SECRET: fromEnv, PASSWORD_PEPPER_FILE: secretFile },
      dir,
    );
    expect(config.JWT_SECRET).toBe(fromEnv);
    expect(config.PASSWORD_PEPPER).toBe('p'.repeat(50));
    const stored = readFileSync(secretsFile, 'utf8');
    expect(stored).not.toContain(fromEnv);
    expect(stored).not.toContain('p'.repeat(50));
  });

  it('reads a JSON config file, and the environment wins over it', () => {
    const file = path.join(dir, 'balancer.json');
    writeFileSync(
      file,
      JSON.stringify({ PORT: 6000, LOG_LEVEL: 'debug', GUI_URL: 'https://gui.example.com' }),
    );
    const { config } = loadConfig({ ...base(), BALANCER_CONFIG: file, PORT: '7000' }, dir);
    expect(config.PORT).toBe(7000);
    expect(config.LOG_LEVEL).toBe('debug');
    expect(config.GUI_URL).toEqual(['https://gui.example.com']);
  });

  it('lists every bad key at once', () => {
    const problems = problemsOf({
      ...base(),
      PORT: '99999',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://x',
      GUI_URL: 'not a url',
      ENCRYPTION_KEY: 'short',
    });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'ENCRYPTION_KEY',
      'GUI_URL.0',
      'LOG_LEVEL',
      'PORT',
    ]);
    // A bad secret is named but never echoed back.
    expect(problems.join('\n')).not.toContain('short');
  });

  it('refuses a key set twice, an unreadable *_FILE, unknown file keys and a broken file', () => {
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ PROT: 1 }));
    expect(problemsOf({ ...base(), BALANCER_CONFIG: file })).toEqual([`PROT: unknown setting in ${file}`]);
    writeFileSync(file, '{ nope');
    expect(problemsOf({ ...base(), BALANCER_CONFIG: file })[0]).toContain('is not valid JSON');
    const twice = problemsOf({ ...base(), JWT_SECRET: 'x'.repeat(50), JWT_SECRET_FILE: file });
    expect(twice).toEqual(['JWT_SECRET: set either JWT_SECRET or JWT_SECRET_FILE, not both']);
    const missing = problemsOf({ ...base(), COOKIE_SECRET_FILE: path.join(dir, 'none') });
    expect(missing[0]).toMatch(/^COOKIE_SECRET_FILE: cannot read .* \(ENOENT\)$/);
  });

  it('refuses a secrets file that is not JSON instead of overwriting it', () => {
    loadConfig(base(), dir);
    const secrets = path.join(dir, 'data', 'secrets.json');
    writeFileSync(secrets, 'garbage');
    expect(problemsOf(base())[0]).toContain('secrets.json is not valid JSON');
    expect(readFileSync(secrets, 'utf8')).toBe('garbage');
  });

  it('accepts a trusted proxy as a flag, hop count or address list', () => {
    expect(loadConfig({ ...base(), TRUST_PROXY: 'true' }, dir).config.TRUST_PROXY).toBe(true);
    expect(loadConfig({ ...base(), TRUST_PROXY: '2' }, dir).config.TRUST_PROXY).toBe(2);
    expect(loadConfig({ ...base(), TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }, dir).config.TRUST_PROXY).toBe(
      '10.0.0.1, 10.0.0.0/8',
    );
    expect(problemsOf({ ...base(), TRUST_PROXY: 'x-forwarded-for' })[0]).toMatch(/^TRUST_PROXY:/);
  });

  it('runs a sweep on the cores but one by default (at least 1), unless LAB_SWEEP_THREADS says', () => {
    expect([1, 2, 4, 8].map((cores) => defaultSweepThreads(cores))).toEqual([1, 1, 3, 7]);
    expect(loadConfig(base(), dir).config.LAB_SWEEP_THREADS).toBe(Math.max(1, availableParallelism() - 1));
    expect(loadConfig({ ...base(), LAB_SWEEP_THREADS: '2' }, dir).config.LAB_SWEEP_THREADS).toBe(2);
    expect(loadConfig({ ...base(), LAB_SWEEP_THREADS: '1' }, dir).config.LAB_SWEEP_THREADS).toBe(1);
  });

  it('reads the simulator start as a UTC candle time, and refuses anything else', () => {
    expect(loadConfig(base(), dir).config.SIMULATOR_START).toBeUndefined();
    // 2025-11-07T08:00Z = 1,762,502,400,000 ms.
    expect(loadConfig({ ...base(), SIMULATOR_START: '2025-11-07T08:00Z' }, dir).config.SIMULATOR_START).toBe(
      1_762_502_400_000,
    );
    for (const bad of ['2025-11-07', '2025-11-07T08:00+01:00', '2025-13-40T08:00Z', 'yesterday'])
      expect(problemsOf({ ...base(), SIMULATOR_START: bad })[0]).toMatch(/^SIMULATOR_START:/);
  });

  it('wants both Telegram keys or neither, naming the missing one without showing the other', () => {
    const token = '123456789:AAH-config-test-token-abcdefgh';
    const chat = '-1001234567890';
    const both = loadConfig({ ...base(), TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_ID: chat }, dir).config;
    expect([both.TELEGRAM_BOT_TOKEN, both.TELEGRAM_CHAT_ID]).toEqual([token, chat]);
    const noChat = problemsOf({ ...base(), TELEGRAM_BOT_TOKEN: token });
    expect(noChat).toEqual([
      expect.stringMatching(/^TELEGRAM_CHAT_ID: must be set as well, since TELEGRAM_BOT_TOKEN is/),
    ]);
    const noToken = problemsOf({ ...base(), TELEGRAM_CHAT_ID: chat, PORT: '0' });
    expect(noToken.map((problem) => problem.split(':')[0]).sort()).toEqual(['PORT', 'TELEGRAM_BOT_TOKEN']);
    expect(noToken.join('\n')).not.toContain(chat);
  });
});

describe('TLS settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ ...base(), ...env }, dir).config;

  it('is plain HTTP on 127.0.0.1:5075 with nothing set', () => {
    const config = load({});
    expect([config.TLS, config.HOST, config.PORT, config.HTTP_PORT]).toEqual(['off', '127.0.0.1', 5075, 0]);
    expect(config.ACME_DIRECTORY_URL).toBe(LETS_ENCRYPT_DIRECTORY);
  });

  it('derives the mode from the one setting that turns HTTPS on', () => {
    expect(load({ TLS_CERT_FILE: '/c.pem', TLS_KEY_FILE: '/k.pem' }).TLS).toBe('files');
    expect(load({ TLS: 'self-signed' })).toMatchObject({
      TLS: 'self-signed',
      HOST: '0.0.0.0',
      PORT: 5075,
      HTTP_PORT: 0,
    });
    expect(load({ PUBLIC_DOMAIN: 'Bot.Example.com' })).toMatchObject({
      TLS: 'acme',
      PUBLIC_DOMAIN: 'bot.example.com',
      HOST: '0.0.0.0',
      PORT: 443,
      HTTP_PORT: 80,
    });
  });

  it('keeps the ports and address the operator set', () => {
    expect(
      load({ PUBLIC_DOMAIN: 'bot.example.com', PORT: '8443', HTTP_PORT: '8080', HOST: '::' }),
    ).toMatchObject({
      PORT: 8443,
      HTTP_PORT: 8080,
      HOST: '::',
    });
    expect(load({ PUBLIC_DOMAIN: 'bot.example.com', HTTP_PORT: '0' }).HTTP_PORT).toBe(0);
  });

  it('refuses half a certificate pair, two ways at once and a bad domain', () => {
    expect(problemsOf({ TLS_CERT_FILE: '/c.pem' }).join('\n')).toMatch(
      /TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE are set together/,
    );
    expect(problemsOf({ TLS: 'self-signed', PUBLIC_DOMAIN: 'bot.example.com' }).join('\n')).toMatch(
      /TLS: choose one way to serve HTTPS, not PUBLIC_DOMAIN and TLS=self-signed/,
    );
    expect(problemsOf({ TLS: 'off', TLS_CERT_FILE: '/c.pem', TLS_KEY_FILE: '/k.pem' }).join('\n')).toMatch(
      /not TLS=off and TLS_CERT_FILE/,
    );
    for (const bad of [
      'https://bot.example.com',
      'bot.example.com:443',
      'localhost',
      '1.2.3.4',
      'bot..example.com',
    ]) {
      expect(problemsOf({ PUBLIC_DOMAIN: bad }).join('\n')).toMatch(/PUBLIC_DOMAIN: must be a DNS name/);
    }
    expect(problemsOf({ TLS: 'on' }).join('\n')).toMatch(/^TLS:/m);
    expect(problemsOf({ HTTP_PORT: '70000' }).join('\n')).toMatch(/^HTTP_PORT:/m);
  });
});

describe('notification channel settings', () => {
  it('names the key of a bad SMTP_URL or WEBHOOK_URL, never the password, and wants their partners', () => {
    const smtp = problemsOf({
      SMTP_URL: 'http://mailer:hunter2-pass@mail.example.org',
      EMAIL_FROM: 'a@example.org',
      EMAIL_TO: 'b@example.org',
    });
    expect(smtp.join('\n')).toMatch(/^SMTP_URL: must start with smtp:\/\/ \(STARTTLS\) or smtps:\/\//m);
    expect(smtp.join('\n')).not.toContain('hunter2-pass');
    const hook = problemsOf({
      WEBHOOK_URL: 'ftp://hooks.example.org/token-abc',
      WEBHOOK_SECRET: 'x'.repeat(16),
    });
    expect(hook.join('\n')).toMatch(/^WEBHOOK_URL: must start with https:\/\/ or http:\/\//m);
    expect(hook.join('\n')).not.toContain('token-abc');
    const alone = problemsOf({ SMTP_URL: 'smtps://mailer:hunter2-pass@mail.example.org:465' });
    expect(alone.map((problem) => problem.split(':')[0]).sort()).toEqual(['EMAIL_FROM', 'EMAIL_TO']);
    expect(problemsOf({ PUSH_CATEGORIES: 'trades,weather' }).join('\n')).toMatch(
      /^PUSH_CATEGORIES\.1: must be all, none/m,
    );
  });
});
