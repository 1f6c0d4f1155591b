import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { SecretMasker, urlPassword } from './masker.js';

function capture(masker: SecretMasker) {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    format: 'json',
    masker,
    sink: { write: (line) => lines.push(line) },
  });
  return { logger, lines };
}

describe('logger', () => {
  const secret = 'SuperSecretValue-1234567890';

  it('masks a registered secret wherever it appears in a line', () => {
    const { logger, lines } = capture(new SecretMasker([secret]));
    logger.info({ nested: { anything: `prefix ${secret} suffix` } }, `message with ${secret}`);
    logger.error(new Error(`failed with ${secret}`));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(line).toContain('[secret]');
    }
  });

  it('redacts credential fields and headers by name', () => {
    const { logger, lines } = capture(new SecretMasker());
    logger.info({
      body: { password: 'Passw0rd!x', otpToken: '123456', nickname: 'alice' },
      req: { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'r=1', 'otp-token': '654321' } },
    });
    const line = lines[0] ?? '';
    for (const hidden of ['Passw0rd!x', '123456', 'abc.def.ghi', 'r=1', '654321'])
      expect(line).not.toContain(hidden);
    expect(line).toContain('alice');
  });

  it('ignores values too short to mask safely and finds a URL password', () => {
    const masker = new SecretMasker(['short', undefined]);
    expect(masker.mask('a short text')).toBe('a short text');
    expect(urlPassword('postgres://u:p%40ss-word@h/db')).toBe('p@ss-word');
    expect(urlPassword('postgres://u@h/db')).toBeUndefined();
    expect(urlPassword('not a url')).toBeUndefined();
  });
});
