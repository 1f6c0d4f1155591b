import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { captchaWorkerCount, NO_SOLUTION_MESSAGE, solveChallenge } from './solver';
import { testChallenge } from './test-challenge';

describe('captchaWorkerCount', () => {
  it('is one per reported core, 2 when unreported, at most 16', () => {
    expect(captchaWorkerCount(1)).toBe(1);
    expect(captchaWorkerCount(8)).toBe(8);
    expect(captchaWorkerCount(64)).toBe(16);
    expect(captchaWorkerCount(undefined)).toBe(2);
    expect(captchaWorkerCount(0)).toBe(2);
  });
});

describe('solveChallenge on the main thread (no workers)', () => {
  it('finds the answer', async () => {
    const solution = await solveChallenge(testChallenge(4321, 5000), { createWorker: null });
    expect(solution.number).toBe(4321);
  });

  it("says 'Unexpected result returned.' once every number up to maxnumber was tried (progress 1)", async () => {
    const progress: number[] = [];
    const solving = solveChallenge(testChallenge(600, 500), {
      createWorker: null,
      onProgress: (fraction) => progress.push(fraction),
    });
    await expect(solving).rejects.toThrow(NO_SOLUTION_MESSAGE);
    expect(progress.at(-1)).toBe(1); // 501 of the 501 numbers 0–500
  });

  it('solves SHA-512 challenges through Web Crypto', async () => {
    const salt = 'abcdefghij?expires=1900000000';
    const challenge = createHash('sha512').update(`${salt}77`).digest('hex');
    const solved = await solveChallenge(
      { algorithm: 'SHA-512', challenge, salt, signature: 'x', maxnumber: 100 },
      { createWorker: null },
    );
    expect(solved.number).toBe(77);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      solveChallenge(testChallenge(), { createWorker: null, signal: controller.signal }),
    ).rejects.toThrow('cancelled');
  });
});
