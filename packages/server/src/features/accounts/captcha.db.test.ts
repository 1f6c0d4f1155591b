import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { CAPTCHA_TTL_MS, Captcha } from './captcha.js';
import { captchaPayload, solveCaptcha } from './test-support.js';

const KEY = 'altcha-key-0123456789-0123456789-0123456789-01';
const NOW = 1_800_000_000_000;

describeEachDatabase('the captcha', (ctx) => {
  const captcha = () => new Captcha(KEY, () => ctx().handle.db);

  it('issues SHA-256 challenges up to 1,000,000 that expire after 5 minutes', async () => {
    const challenge = await captcha().challenge(NOW);
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1_000_000 });
    // 5 min = 300 s after NOW (in epoch seconds).
    expect(challenge.salt).toContain(`?expires=${(NOW + 300_000) / 1000}&`);
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
  });

  it('redeems a solved payload once, remembering it until the challenge expires', async () => {
    const guard = captcha();
    const payload = solveCaptcha(await guard.challenge(NOW));
    expect(await guard.redeem(payload, NOW + 1000)).toBe(true);
    expect(await guard.redeem(payload, NOW + 2000)).toBe(false);
    // Another instance (a restart, another server) shares the memory: it is the database.
    expect(await captcha().redeem(payload, NOW + 3000)).toBe(false);
    const kept = await ctx().handle.db.selectFrom('used_captchas').selectAll().execute();
    expect(kept.map((row) => Number(row.expires_at))).toContain(NOW + CAPTCHA_TTL_MS);
  });

  it('refuses expired, foreign, tampered and malformed payloads', async () => {
    const guard = captcha();
    const challenge = await guard.challenge(NOW);
    const payload = solveCaptcha(challenge);
    expect(await guard.redeem(payload, NOW + CAPTCHA_TTL_MS)).toBe(false);
    expect(await new Captcha(`${KEY}x`, () => ctx().handle.db).redeem(payload, NOW)).toBe(false);
    const number = JSON.parse(Buffer.from(payload, 'base64').toString()).number as number;
    expect(await guard.redeem(captchaPayload(challenge, number + 1), NOW)).toBe(false);
    const longer = {
      ...challenge,
      salt: challenge.salt.replace(/expires=\d+/, `expires=${NOW / 1000 + 3600}`),
    };
    expect(await guard.redeem(captchaPayload(longer, number), NOW)).toBe(false);
    const sha1 = JSON.stringify({
      ...JSON.parse(Buffer.from(payload, 'base64').toString()),
      algorithm: 'SHA-1',
    });
    expect(await guard.redeem(Buffer.from(sha1).toString('base64'), NOW)).toBe(false);
    expect(await guard.redeem('AAAA', NOW)).toBe(false);
    expect(await guard.redeem(Buffer.from('{"salt":5}').toString('base64'), NOW)).toBe(false);
    // The genuine payload is still unspent after all those refusals.
    expect(await guard.redeem(payload, NOW)).toBe(true);
  });
});
