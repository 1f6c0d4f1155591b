import type { ChallengeResponder } from '../certificate-source.js';

/**
 * The HTTP-01 challenges an order has in flight: token → key authorization, answered on the
 * plain-HTTP listener at /.well-known/acme-challenge/<token> while the CA validates.
 */
export class HttpChallenges {
  private readonly pending = new Map<string, string>();

  add(token: string, keyAuthorization: string): void {
    this.pending.set(token, keyAuthorization);
  }

  remove(token: string): void {
    this.pending.delete(token);
  }

  readonly respond: ChallengeResponder = (token) => this.pending.get(token);
}
