import type { TlsStatus } from '@balancer/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { Card, Facts } from '../../components/ui/card';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format-time';

const MODES: Record<TlsStatus['mode'], string> = {
  off: 'Off (plain HTTP)',
  files: 'Certificate files',
  'self-signed': 'Self-signed',
  acme: 'Automatic (ACME)',
};

/**
 * GET /server/tls: how the platform serves HTTPS (docs/https.md). The fingerprint is what the
 * operator compares with the one a phone shows before trusting a self-signed certificate.
 */
export function HttpsCard() {
  const { client } = useAuth();
  const { data, error } = useQuery({
    queryKey: ['server', 'tls'],
    queryFn: () => client.request<TlsStatus>({ path: 'server/tls', auth: true }),
  });
  return (
    <Card title="HTTPS">
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {data?.mode === 'off' && (
        <p className="text-sm text-neutral-600">
          Plain HTTP: phones and other devices need HTTPS for sign-in and the installed app (see
          docs/https.md).
        </p>
      )}
      {data && data.mode !== 'off' && (
        <Facts
          items={[
            ['Mode', MODES[data.mode]],
            [
              'SHA-256 fingerprint',
              <code key="fp" className="font-mono text-xs" data-testid="tls-fingerprint">
                {data.fingerprint256}
              </code>,
            ],
            ['Valid for', data.names.join(', ')],
            ['Expires', formatDateTime(data.notAfter)],
            ['Issuer', data.issuer],
          ]}
        />
      )}
    </Card>
  );
}
