import { describe, expect, it, vi } from 'vitest';
import { CaptchaSession, EXPIRY_MARGIN_MS } from './captcha-session';
import { INVALID_CHALLENGE_MESSAGE } from './challenge';
import { payloadNumber, testChallenge } from './test-challenge';

/** A session over a fake server handing out challenges whose answers are 100, 101, 102… */
function session(options: { expiresAtMs?: number; now?: () => number } = {}) {
  let next = 100;
  const fetchChallenge = vi.fn(async () => testChallenge(next++, 5000, options.expiresAtMs));
  const captcha = new CaptchaSession({ fetchChallenge, ...(options.now ? { now: options.now } : {}) });
  const settled = () => vi.waitFor(() => expect(captcha.getStatus().state).not.toBe('verifying'));
  return { captcha, fetchChallenge, settled };
}

describe('CaptchaSession', () => {
  it('is unverified until started, then verified with the payload of the solved challenge', async () => {
    const { captcha, settled } = session();
    expect(captcha.getStatus()).toMatchObject({ state: 'unverified', payload: null });
    captcha.start();
    expect(captcha.getStatus().state).toBe('verifying');
    await settled();
    const status = captcha.getStatus();
    expect(status).toMatchObject({ state: 'verified', progress: 1, renewing: false });
    expect(payloadNumber(status.payload as string)).toBe(100);
  });

  it('take() spends the payload and at once solves the next one in the background', async () => {
    const { captcha, fetchChallenge, settled } = session();
    captcha.start();
    await settled();
    expect(payloadNumber(await captcha.take())).toBe(100);
    expect(captcha.getStatus()).toMatchObject({ state: 'verifying', renewing: true, payload: null });
    await settled();
    expect(payloadNumber(captcha.getStatus().payload as string)).toBe(101);
    expect(fetchChallenge).toHaveBeenCalledTimes(2);
  });

  it('take() during a solve waits for it', async () => {
    const { captcha } = session();
    captcha.start();
    expect(payloadNumber(await captcha.take())).toBe(100);
  });

  it('refuses a challenge that breaks the schema, naming the problem, and solves nothing', async () => {
    const captcha = new CaptchaSession({
      fetchChallenge: async () => ({ ...testChallenge(), algorithm: 'MD5' }),
    });
    await expect(captcha.take()).rejects.toThrow(INVALID_CHALLENGE_MESSAGE);
    expect(captcha.getStatus()).toMatchObject({ state: 'error', payload: null });
    expect(captcha.getStatus().error).toContain('SHA-256, SHA-384 or SHA-512');
  });

  it('replaces a held payload shortly before its challenge expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const now = 1_900_000_000_000;
      const { captcha, fetchChallenge } = session({ expiresAtMs: now + 60_000, now: () => now });
      captcha.start();
      await vi.waitFor(() => expect(captcha.getStatus().state).toBe('verified'));
      const states: string[] = [];
      captcha.subscribe(() => states.push(captcha.getStatus().state));
      vi.advanceTimersByTime(60_000 - EXPIRY_MARGIN_MS);
      expect(states.slice(0, 2)).toEqual(['expired', 'verifying']);
      expect(fetchChallenge).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
