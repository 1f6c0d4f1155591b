import { CodedError } from '@balancer/core';
import type { Logger } from '../../logging/logger.js';
import type { NotificationPort } from '../../shared/notifications.js';
import { factsOf, leafOf } from '../certificate-facts.js';
import type {
  CertificateFacts,
  CertificatePair,
  CertificateSource,
  ChallengeResponder,
} from '../certificate-source.js';
import { ChangeListeners } from '../change-listeners.js';
import { makeSelfSignedPair } from '../self-signed-source.js';
import type { AcmeStore } from './acme-store.js';
import { HttpChallenges } from './challenges.js';
import { AcmeAccount, newAccountKey } from './order.js';
import {
  certificateNeed,
  DEFAULT_RETRY,
  type RetryPolicy,
  renewalDueAt,
  retryDelay,
} from './renewal-policy.js';

/** Notification sender: the certificate belongs to the server (docs/notifications.md). */
export const ACME_SENDER = 'server';
/**
 * The longest wait between two looks at whether renewal (or a retry) is due: the timer is set
 * for the due moment, but never further than this, so a suspended machine or a moved clock is
 * noticed within the hour.
 */
export const CHECK_INTERVAL_MS = 60 * 60_000;
/** While renewal keeps failing, the failure is notified again once a day. */
export const FAILURE_REMINDER_MS = 24 * 60 * 60_000;

export interface AcmeSourceOptions {
  /** PUBLIC_DOMAIN. */
  domain: string;
  /** ACME_DIRECTORY_URL. */
  directoryUrl: string;
  /** ACME_EMAIL. */
  email?: string;
  store: AcmeStore;
  logger: Logger;
  notifications: NotificationPort;
  /** Wall time, epoch ms (the platform's clock). */
  now: () => number;
  /** Default CHECK_INTERVAL_MS. */
  checkIntervalMs?: number;
  retry?: RetryPolicy;
}

interface Served {
  pair: CertificatePair;
  facts: CertificateFacts;
  notBefore: number;
}

function served(pair: CertificatePair): Served {
  const leaf = leafOf(pair.cert);
  return { pair, facts: factsOf(leaf), notBefore: Date.parse(leaf.validFrom) };
}

/**
 * PUBLIC_DOMAIN: a certificate from an ACME CA over HTTP-01 (docs/https.md). start() reuses the
 * stored certificate, or orders one when it is missing, expired, for another name or from another
 * ACME directory; a timer renews it with a third of its lifetime left and hands the new pair to
 * onChange (no restart).
 * A failed renewal keeps the old certificate, is retried with backoff and notified, and so is
 * the success that follows.
 */
export class AcmeCertificateSource implements CertificateSource {
  readonly mode = 'acme' as const;
  private readonly challenges = new HttpChallenges();
  private readonly listeners = new ChangeListeners();
  private served: Served | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private inFlight: Promise<void> | undefined;
  private failures = 0;
  private retryAt = 0;
  /** When the last failure notice went out (epoch ms), null while renewals succeed. */
  private failureNoticeAt: number | null = null;
  private account: AcmeAccount | undefined;
  /** True while a stand-in self-signed certificate is served because no order has succeeded yet. */
  private standIn = false;

  constructor(private readonly options: AcmeSourceOptions) {}

  /** For the plain-HTTP listener: the key authorization of a challenge in flight. */
  readonly respond: ChallengeResponder = (token) => this.challenges.respond(token);

  async start(): Promise<void> {
    const { store, domain, logger } = this.options;
    const stored = await store.loadPair();
    const current = stored && served(stored);
    const need = certificateNeed(
      current && {
        names: current.facts.names,
        directoryUrl: await store.loadOrigin(),
        notBefore: current.notBefore,
        notAfter: current.facts.notAfter,
      },
      { domain, directoryUrl: this.options.directoryUrl },
      this.options.now(),
    );
    if (current && (need === 'none' || need === 'renew')) {
      this.served = current;
      logger.info(
        { domain, notAfter: new Date(current.facts.notAfter).toISOString() },
        'ACME certificate reused',
      );
    } else {
      logger.info({ domain, reason: need }, 'ordering an ACME certificate');
      try {
        this.served = served(await this.order());
      } catch (error) {
        await this.startWithout(error, current);
      }
    }
    this.check();
  }

  /**
   * The first order failed (CA down, DNS or port 80 not ready yet): the platform still starts,
   * and the engine trades, rather than a service manager restarting it into the CA's failed-
   * validation limit. A stored certificate for the domain that has not expired is served; else a
   * stand-in self-signed one for the domain, which browsers warn about. Retried with backoff; the
   * operator is notified by the first retry that fails too (the notices are not open yet here).
   */
  private async startWithout(error: unknown, stored: Served | null): Promise<void> {
    const { domain, logger, now } = this.options;
    const usable = stored && stored.facts.notAfter > now() && stored.facts.names.includes(domain);
    this.served = usable
      ? stored
      : served(await makeSelfSignedPair({ dns: [domain], ipv4: [], ipv6: [] }, now(), 7));
    this.standIn = !usable;
    this.failures = 1;
    const wait = retryDelay(1, this.options.retry ?? DEFAULT_RETRY);
    this.retryAt = now() + wait;
    logger.error(
      { err: error, domain, retryInMs: wait },
      usable
        ? 'ACME certificate could not be ordered: the stored one is served until a retry succeeds'
        : 'ACME certificate could not be ordered: a stand-in self-signed certificate is served (browsers will warn) until a retry succeeds',
    );
  }

  /** True while the stand-in self-signed certificate is served (no ACME certificate yet). */
  get servingStandIn(): boolean {
    return this.standIn;
  }

  current(): CertificatePair {
    if (!this.served) throw new CodedError('ACME_NO_CERTIFICATE');
    return this.served.pair;
  }

  describe(): CertificateFacts {
    if (!this.served) throw new CodedError('ACME_NO_CERTIFICATE');
    return this.served.facts;
  }

  onChange(listener: (pair: CertificatePair) => void): () => void {
    return this.listeners.add(listener);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.inFlight;
  }

  /** The moment to renew (or retry), epoch ms. */
  private dueAt(): number {
    if (!this.served) return Number.POSITIVE_INFINITY;
    if (this.standIn) return this.retryAt;
    const { notBefore, facts } = this.served;
    return Math.max(renewalDueAt({ notBefore, notAfter: facts.notAfter }), this.retryAt);
  }

  /** Renews when due, else sets the timer for the due moment (at most CHECK_INTERVAL_MS away). */
  private check(): void {
    if (this.stopped) return;
    const wait = this.dueAt() - this.options.now();
    if (wait > 0) {
      clearTimeout(this.timer);
      const longest = this.options.checkIntervalMs ?? CHECK_INTERVAL_MS;
      this.timer = setTimeout(() => this.check(), Math.min(wait, longest));
      this.timer.unref();
      return;
    }
    this.inFlight ??= this.renew().finally(() => {
      this.inFlight = undefined;
      this.check();
    });
  }

  private async renew(): Promise<void> {
    const { logger, domain } = this.options;
    try {
      const next = served(await this.order());
      this.served = next;
      this.standIn = false;
      const notAfter = new Date(next.facts.notAfter).toISOString();
      logger.info(
        { domain, notAfter, fingerprint256: next.facts.fingerprint256 },
        'ACME certificate renewed',
      );
      this.listeners.emit(next.pair, (error) =>
        logger.error({ err: error }, 'a certificate listener failed'),
      );
      if (this.failures > 0) {
        await this.notify(
          'HTTPS certificate renewed',
          `${domain}: renewed after ${this.failures} failed attempts; valid until ${notAfter}.`,
        );
      }
      this.failures = 0;
      this.retryAt = 0;
      this.failureNoticeAt = null;
    } catch (error) {
      this.failures += 1;
      const wait = retryDelay(this.failures, this.options.retry ?? DEFAULT_RETRY);
      this.retryAt = this.options.now() + wait;
      // The coded message, e.g. '…PUBLIC_DOMAIN: bot.example.com at https://…: <the CA's problem>{(8850)}'.
      const message = error instanceof CodedError ? error.codedMessage : (error as Error).message;
      logger.warn(
        { err: error, domain, failures: this.failures, retryInMs: wait },
        'ACME certificate renewal failed',
      );
      // The first failure of a streak, then a reminder a day while it lasts (not one per retry).
      const now = this.options.now();
      if (this.failureNoticeAt === null || now - this.failureNoticeAt >= FAILURE_REMINDER_MS) {
        this.failureNoticeAt = now;
        const until = new Date(this.served?.facts.notAfter ?? 0).toISOString();
        await this.notify(
          'HTTPS certificate renewal failed',
          `${domain}: ${message}. Retrying in ${wait < 60_000 ? `${Math.ceil(wait / 1000)} s` : `${Math.round(wait / 60_000)} min`}; the current certificate is served until it expires at ${until} (docs/https.md).`,
        );
      }
    }
  }

  /** One order, stored before it is served; failures become ACME_ORDER_FAILED / ACME_STORE_FAILED. */
  private async order(): Promise<CertificatePair> {
    const { store, directoryUrl, domain, email } = this.options;
    let pair: CertificatePair;
    try {
      this.account ??= new AcmeAccount(directoryUrl, await store.accountKey(newAccountKey), email);
      pair = await this.account.order(domain, this.challenges);
    } catch (error) {
      if (error instanceof CodedError) throw error;
      throw new CodedError('ACME_ORDER_FAILED', `${domain} at ${directoryUrl}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    await store.savePair(pair, directoryUrl);
    return pair;
  }

  /** Never throws: a notice that cannot be stored (database not ready yet, say) is logged. */
  private async notify(title: string, description: string): Promise<void> {
    try {
      await this.options.notifications.add({ sender: ACME_SENDER, title, description }, this.options.now());
    } catch (error) {
      this.options.logger.warn({ err: error, title }, 'the certificate notification could not be stored');
    }
  }
}
