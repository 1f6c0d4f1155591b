import type { CaptchaChallenge } from '@balancer/core';
import { challengeExpiresAt, parseChallenge, solvedPayload } from './challenge';
import { type Solution, type SolveOptions, solveChallenge } from './solver';

/** The spec's widget states. */
export type CaptchaState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired';

export interface CaptchaStatus {
  state: CaptchaState;
  /** The share of the number range searched, 0–1, while verifying. */
  progress: number;
  /** The solved payload while verified. */
  payload: string | null;
  error: string | null;
  /** The solve under way replaces a payload the form spent (started by `take`, not by the user). */
  renewing: boolean;
}

export interface CaptchaSessionOptions {
  /** `GET /altcha`, the envelope unwrapped (the app's API client). */
  fetchChallenge: () => Promise<unknown>;
  solve?: (challenge: CaptchaChallenge, options: SolveOptions) => Promise<Solution>;
  /** Wall clock (epoch ms), for the challenge's expiry. */
  now?: () => number;
}

/** A payload is renewed this long before its challenge expires, so none expires in flight. */
export const EXPIRY_MARGIN_MS = 15_000;

const INITIAL: CaptchaStatus = {
  state: 'unverified',
  progress: 0,
  payload: null,
  error: null,
  renewing: false,
};
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const messageOf = (error: unknown) => (error instanceof Error && error.message) || String(error);

/**
 * A form's captcha: fetches a challenge, checks it, solves it in parallel workers with progress,
 * and holds the payload. `take()` hands the payload to a request (a payload works once) and at
 * once starts solving the next one in the background, so a retry after a failed sign-in finds a
 * payload ready or nearly so. A payload about to expire is replaced the same way.
 */
export class CaptchaSession {
  private status: CaptchaStatus = INITIAL;
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private solving: Promise<string> | null = null;
  private expiryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly solve: NonNullable<CaptchaSessionOptions['solve']>;
  private readonly now: () => number;

  constructor(private readonly options: CaptchaSessionOptions) {
    this.solve = options.solve ?? solveChallenge;
    this.now = options.now ?? Date.now;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getStatus = () => this.status;

  /** Starts a solve unless one is under way or a payload is held (the user ticked the box). */
  readonly start = () => {
    if (this.status.state === 'verifying' || this.status.state === 'verified') return;
    this.begin(false);
  };

  /**
   * The payload for one request, waiting for the solve under way if need be; the next solve
   * starts at once. Rejects with the captcha's error when solving fails.
   */
  readonly take = async (): Promise<string> => {
    if (this.status.state !== 'verified' && this.status.state !== 'verifying') this.begin(false);
    const payload = this.status.payload ?? (await (this.solving as Promise<string>));
    this.begin(true);
    return payload;
  };

  /** Stops the solve under way and the expiry timer (the form unmounts). */
  readonly dispose = () => {
    this.controller?.abort();
    this.controller = null;
    this.solving = null;
    this.clearExpiry();
    if (this.status.state === 'verifying') this.set(INITIAL);
  };

  private set(next: Partial<CaptchaStatus>) {
    this.status = { ...this.status, ...next };
    for (const listener of this.listeners) listener();
  }

  private clearExpiry() {
    if (this.expiryTimer !== null) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }

  private begin(renewing: boolean) {
    this.controller?.abort();
    this.clearExpiry();
    const controller = new AbortController();
    this.controller = controller;
    this.set({ state: 'verifying', progress: 0, payload: null, error: null, renewing });
    const solving = this.run(controller.signal);
    this.solving = solving;
    // The outcome is in the status; a caller of take() awaits the promise itself.
    solving.catch(() => {});
  }

  private async run(signal: AbortSignal): Promise<string> {
    try {
      const challenge = parseChallenge(await this.options.fetchChallenge());
      if (signal.aborted) throw new DOMException('cancelled', 'AbortError');
      const solution = await this.solve(challenge, {
        signal,
        onProgress: (progress) => {
          if (!signal.aborted) this.set({ progress });
        },
      });
      const payload = solvedPayload(challenge, solution);
      if (signal.aborted) throw new DOMException('cancelled', 'AbortError');
      this.set({ state: 'verified', progress: 1, payload, renewing: false });
      this.expireAt(challengeExpiresAt(challenge));
      return payload;
    } catch (error) {
      if (!signal.aborted && !isAbort(error)) {
        this.set({ state: 'error', error: messageOf(error), payload: null, renewing: false });
      }
      throw error;
    }
  }

  /** At the expiry (less a margin) a held payload is replaced: expired, then a fresh solve. */
  private expireAt(expiresAt: number | null) {
    if (expiresAt === null) return;
    const delay = Math.max(0, expiresAt - EXPIRY_MARGIN_MS - this.now());
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = null;
      if (this.status.state !== 'verified') return;
      this.set({ state: 'expired', payload: null });
      this.begin(true);
    }, delay);
  }
}
