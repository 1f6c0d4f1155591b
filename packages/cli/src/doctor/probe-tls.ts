import { connect } from 'node:tls';

/** The SHA-256 fingerprint of the certificate served at host:port, or the error met getting it. */
export function servedFingerprint(
  host: string,
  port: number,
  servername: string | undefined,
  timeoutMs: number,
): Promise<{ fingerprint: string } | { error: string }> {
  return new Promise((resolve) => {
    const socket = connect({
      host,
      port,
      // SNI must be a name, never an IP address.
      ...(servername ? { servername } : {}),
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    socket.once('secureConnect', () => {
      const fingerprint = socket.getPeerX509Certificate()?.fingerprint256;
      socket.destroy();
      resolve(fingerprint ? { fingerprint } : { error: 'no certificate served' });
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve({ error: `no TLS handshake within ${timeoutMs} ms` });
    });
    socket.once('error', (error) => resolve({ error: error.message }));
  });
}
