import { describe, expect, it } from 'vitest';
import { parseSettings, resolveSettings, SETTINGS_TEMPLATE } from './settings-file.js';

describe('the settings file', () => {
  it('reads KEY=value lines, skipping comments and removing quotes', () => {
    expect(
      parseSettings('# c\n\nPORT=8443\nHOST = "0.0.0.0"\nexport LOG_LEVEL=\'warn\'\n;x\nnot a line\n'),
    ).toEqual({
      PORT: '8443',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'warn',
    });
  });

  it('starts with every key commented out: the defaults apply', () => {
    expect(parseSettings(SETTINGS_TEMPLATE)).toEqual({});
    const resolved = resolveSettings(parseSettings(SETTINGS_TEMPLATE));
    expect(resolved).toMatchObject({
      ok: true,
      config: { TLS: 'off', PORT: 5075, HOST: '127.0.0.1', HTTP_PORT: 0 },
    });
  });

  it("applies the schema's TLS defaults (PUBLIC_DOMAIN: 443 and 80 on every interface)", () => {
    expect(resolveSettings({ PUBLIC_DOMAIN: 'bot.example.com' })).toMatchObject({
      ok: true,
      config: { TLS: 'acme', PORT: 443, HTTP_PORT: 80, HOST: '0.0.0.0' },
    });
    expect(resolveSettings({ TLS: 'self-signed' })).toMatchObject({
      ok: true,
      config: { TLS: 'self-signed', PORT: 5075 },
    });
  });

  it('lists every bad setting, without reading or making secrets', () => {
    const resolved = resolveSettings({
      PORT: 'eighty',
      TLS: 'self-signed',
      PUBLIC_DOMAIN: 'bot.example.com',
      NOPE: 'x',
    });
    expect(resolved.ok).toBe(false);
    const problems = resolved.ok ? [] : resolved.problems;
    expect(problems.some((problem) => problem.startsWith('PORT:'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('TLS:'))).toBe(true);
  });
});
