import { crypto as acmeCrypto, Client } from 'acme-client';
import type { CertificatePair } from '../certificate-source.js';
import type { HttpChallenges } from './challenges.js';

/** A new account key (ECDSA P-256), PEM. */
export async function newAccountKey(): Promise<string> {
  return (await acmeCrypto.createPrivateEcdsaKey('P-256')).toString();
}

/**
 * One ACME account at one CA (its key is stored, its URL found again by the key), ordering
 * certificates over HTTP-01 with acme-client.
 */
export class AcmeAccount {
  private readonly client: Client;
  private known = false;

  constructor(
    directoryUrl: string,
    accountKey: string,
    private readonly email: string | undefined,
  ) {
    this.client = new Client({ directoryUrl, accountKey });
  }

  /**
   * Finds the account by its key, else registers it (agreeing to the CA's terms). acme-client's
   * own registration would send an existing account an update without changes, which strict
   * CAs (Pebble) refuse; a lookup with onlyReturnExisting first avoids that.
   */
  private async ensureAccount(): Promise<void> {
    if (this.known) return;
    try {
      await this.client.createAccount({ onlyReturnExisting: true });
    } catch {
      // No account for this key yet (or the CA is unreachable, which the next call reports).
      await this.client.createAccount({
        termsOfServiceAgreed: true,
        ...(this.email ? { contact: [`mailto:${this.email}`] } : {}),
      });
    }
    this.known = true;
  }

  /**
   * Orders one certificate for `domain`: order, HTTP-01 challenge answered through
   * `challenges`, CSR with a fresh ECDSA P-256 key, certificate chain. Throws acme-client's
   * error (the CA's problem detail).
   *
   * acme-client's own pre-check of the challenge URL is skipped: it fetches
   * http://PUBLIC_DOMAIN/ from this machine, which fails behind a router without hairpin NAT
   * although the CA can reach it; the CA's validation is the one that counts.
   */
  async order(domain: string, challenges: HttpChallenges): Promise<CertificatePair> {
    await this.ensureAccount();
    const key = await acmeCrypto.createPrivateEcdsaKey('P-256');
    const [, csr] = await acmeCrypto.createCsr({ commonName: domain, altNames: [domain] }, key);
    const cert = await this.client.auto({
      csr,
      termsOfServiceAgreed: true,
      challengePriority: ['http-01'],
      skipChallengeVerification: true,
      challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
        challenges.add(challenge.token, keyAuthorization);
      },
      challengeRemoveFn: async (_authz, challenge) => {
        challenges.remove(challenge.token);
      },
    });
    return { cert, key: key.toString() };
  }
}
