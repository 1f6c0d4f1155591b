import type { ChannelStatus, ChannelTestResult } from '@balancer/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { useOtpAction } from '../../components/otp/use-otp-action';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format-time';
import type { TelegramDelivery } from './server-api';

const DELIVERY_KEY = ['notification', 'delivery'] as const;

const CHANNEL_NAMES: Record<ChannelStatus['channel'], string> = {
  telegram: 'Telegram',
  email: 'E-mail',
  webhook: 'Webhook',
  push: 'Push (installed app)',
};

function stateOf(status: ChannelStatus): string {
  if (!status.configured) return 'Not configured';
  if (status.channel === 'push') return `${status.devices ?? 0} device${status.devices === 1 ? '' : 's'}`;
  return status.pending > 0 ? `${status.pending} pending` : 'Ready';
}

/**
 * Every notification channel: its state, the categories routed to it, its last success and last
 * error (GET /notification/delivery), and the test notification to all of them with each
 * channel's result (POST /notification/test: authority 3, one-time code).
 */
export function DeliveryCard({ canChange }: { canChange: boolean }) {
  const { client } = useAuth();
  const queries = useQueryClient();
  const { ask, dialog } = useOtpAction();
  const [results, setResults] = useState<ChannelTestResult[] | null>(null);
  const { data, error } = useQuery({
    queryKey: DELIVERY_KEY,
    queryFn: () => client.request<TelegramDelivery>({ path: 'notification/delivery', auth: true }),
  });
  const sendTest = () =>
    ask({
      title: 'Send test notification',
      success: 'Test notification sent',
      run: async (otpToken) => {
        const answer = await client.request<{ channels?: ChannelTestResult[] }>({
          method: 'POST',
          path: 'notification/test',
          auth: true,
          otpToken,
        });
        setResults(answer.channels ?? null);
        await queries.invalidateQueries({ queryKey: DELIVERY_KEY });
      },
    });
  const channels = data?.channels ?? [];
  return (
    <Card
      title="Notification delivery"
      actions={
        <Button size="sm" variant="outline" disabled={!canChange} onClick={sendTest}>
          <Send aria-hidden="true" className="size-4" />
          Send test notification
        </Button>
      }
    >
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {data && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Notification channels">
            <thead className="text-xs text-neutral-600">
              <tr>
                <th className="py-1 pr-3 font-medium">Channel</th>
                <th className="py-1 pr-3 font-medium">State</th>
                <th className="py-1 pr-3 font-medium">Categories</th>
                <th className="py-1 pr-3 font-medium">Last sent</th>
                <th className="py-1 font-medium">Last error</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {channels.map((status) => {
                const result = results?.find((r) => r.channel === status.channel);
                return (
                  <tr key={status.channel}>
                    <th scope="row" className="py-1 pr-3 font-medium text-neutral-900">
                      {CHANNEL_NAMES[status.channel]}
                    </th>
                    <td className="py-1 pr-3">
                      {stateOf(status)}
                      {result && (
                        <span className="ml-1 text-xs text-neutral-600">(test: {result.state})</span>
                      )}
                    </td>
                    <td className="py-1 pr-3">{status.categories.join(', ') || 'none'}</td>
                    <td className="py-1 pr-3">{formatDateTime(status.lastSentAt)}</td>
                    <td className="py-1">
                      {status.lastError
                        ? `${status.lastError} (${formatDateTime(status.lastErrorAt)})`
                        : (result?.error ?? '—')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {dialog}
    </Card>
  );
}
