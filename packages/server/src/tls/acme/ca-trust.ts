import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import { CodedError } from '@balancer/core';
import { axios as acmeAxios } from 'acme-client';

/**
 * ACME_CA_FILE: trusts the CA in this PEM file, besides the system's, for the ACME server's own
 * HTTPS (a private CA, or Pebble's test CA in tests). acme-client talks through one axios
 * instance per process, so the agent is set there; one process has one ACME source.
 */
export function trustAcmeCa(file: string): void {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
    new X509Certificate(pem);
  } catch (error) {
    throw new CodedError('ACME_CA_FILE_INVALID', `${file}: ${(error as Error).message}`, { cause: error });
  }
  acmeAxios.defaults.httpsAgent = new Agent({ ca: [...rootCertificates, pem], keepAlive: true });
}
