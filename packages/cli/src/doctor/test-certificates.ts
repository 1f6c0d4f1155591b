import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** For tests: a real self-signed certificate and key made by openssl for `names` (subjectAltName syntax). */
export function makeTestPair(
  folder: string,
  name: string,
  names: string,
  days = 90,
): { cert: string; key: string; certFile: string; keyFile: string } {
  const certFile = path.join(folder, `${name}.crt`);
  const keyFile = path.join(folder, `${name}.key`);
  const made = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
      ...['-keyout', keyFile, '-out', certFile, '-days', String(days), '-subj', '/CN=test'],
      ...['-addext', `subjectAltName=${names}`],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(made.stderr);
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile, keyFile };
}
