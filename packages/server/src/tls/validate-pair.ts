import { createPrivateKey, type KeyObject, type X509Certificate } from 'node:crypto';
import { CodedError } from '@balancer/core';
import { leafOf } from './certificate-facts.js';
import type { CertificatePair } from './certificate-source.js';

function parseLeaf(pem: string, where: string): X509Certificate {
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new CodedError('TLS_CERT_INVALID', where);
  try {
    return leafOf(pem);
  } catch (error) {
    throw new CodedError('TLS_CERT_INVALID', `${where}: ${(error as Error).message}`, { cause: error });
  }
}

function parseKey(pem: string, where: string): KeyObject {
  try {
    return createPrivateKey(pem);
  } catch (error) {
    // The message names the parse failure, never the key's content.
    throw new CodedError('TLS_KEY_INVALID', `${where}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Checks a pair before it is served: the chain's leaf parses, the key parses and belongs to the
 * leaf, and `now` (epoch ms) is within the leaf's validity. `where` names the files in messages.
 * Returns the leaf.
 */
export function validatePair(pair: CertificatePair, now: number, where: string): X509Certificate {
  const leaf = parseLeaf(pair.cert, where);
  const key = parseKey(pair.key, where);
  if (!leaf.checkPrivateKey(key)) throw new CodedError('TLS_KEY_MISMATCH', where);
  const notBefore = Date.parse(leaf.validFrom);
  const notAfter = Date.parse(leaf.validTo);
  if (now < notBefore || now >= notAfter) {
    throw new CodedError('TLS_CERT_EXPIRED', `${where}: valid from ${leaf.validFrom} to ${leaf.validTo}`);
  }
  return leaf;
}
