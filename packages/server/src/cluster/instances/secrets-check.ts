import { createHmac } from 'node:crypto';
import { CodedError } from '@balancer/core';
import type { Kysely } from 'kysely';
import { type Config, SECRET_KEYS } from '../../config/schema.js';
import type { Database } from '../../db/types.js';
import { othersSeenSince, RECENT_MS } from './repository.js';

/** What each secret signs to make the check value: fixed, so equal secrets give equal values. */
const LABEL = 'balancer cluster secrets check v1';

/**
 * A check value of the platform secrets (JWT_SECRET, COOKIE_SECRET, ENCRYPTION_KEY,
 * PASSWORD_PEPPER, ALTCHA_HMAC_KEY): each secret's HMAC-SHA256 of a fixed label, hashed together.
 * Equal secrets give equal values; the value tells nothing of the secrets (an HMAC under an unknown
 * key), so it may sit in the database beside the instance's heartbeat.
 */
export function secretsCheck(config: Pick<Config, (typeof SECRET_KEYS)[number]>): string {
  const all = createHmac('sha256', LABEL);
  for (const key of SECRET_KEYS) all.update(createHmac('sha256', config[key]).update(LABEL).digest());
  return all.digest('hex').slice(0, 32);
}

/**
 * Refuses to start an instance whose platform secrets differ from those of an instance running on
 * the same database (heard from in the last 30 s): its tokens, cookies and captchas would be
 * refused by the others, and with another ENCRYPTION_KEY or PASSWORD_PEPPER it could read no
 * stored secret and no password (docs/cluster.md, "Before you start"). Instances of older
 * versions, which record no check value, are not compared.
 */
export async function assertSameSecrets(
  db: Kysely<Database>,
  instance: string,
  check: string,
  now: number,
): Promise<void> {
  const others = await othersSeenSince(db, instance, now - RECENT_MS);
  const other = others.find((seen) => seen.secretsCheck !== '' && seen.secretsCheck !== check);
  if (other)
    throw new CodedError(
      'CLUSTER_SECRETS_DIFFER',
      `instance ${other.name} runs on this database with other platform secrets: give every instance the same ones (copy its secrets.json, docs/cluster.md)`,
    );
}
