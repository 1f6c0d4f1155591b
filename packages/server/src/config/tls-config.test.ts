import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load.js';
import { LETS_ENCRYPT_DIRECTORY } from './schema.js';

const dir = mkdtempSync(path.join(tmpdir(), 'balancer-tls-config-'));
const load = (env: Record<string, string>) =>
  loadConfig({ BALANCER_DATA_DIR: path.join(dir, 'data'), ...env }, dir).config;

function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected the configuration to be refused');
}

describe('TLS settings', () => {
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
