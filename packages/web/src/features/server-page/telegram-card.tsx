import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useAuth } from '../../auth/auth-context';
import { useOtpAction } from '../../components/otp/use-otp-action';
import { Button } from '../../components/ui/button';
import { Card, Facts } from '../../components/ui/card';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format-time';
import type { TelegramDelivery } from './server-api';

const DELIVERY_KEY = ['notification', 'delivery'] as const;

/** GET /notification/delivery and POST /notification/test (authority 3, one-time code). */
export function TelegramCard({ canChange }: { canChange: boolean }) {
  const { client } = useAuth();
  const queries = useQueryClient();
  const { ask, dialog } = useOtpAction();
  const { data, error } = useQuery({
    queryKey: DELIVERY_KEY,
    queryFn: () => client.request<TelegramDelivery>({ path: 'notification/delivery', auth: true }),
  });
  const sendTest = () =>
    ask({
      title: 'Send test notification',
      success: 'Test notification stored',
      run: async (otpToken) => {
        await client.request({ method: 'POST', path: 'notification/test', auth: true, otpToken });
        await queries.invalidateQueries({ queryKey: DELIVERY_KEY });
      },
    });
  return (
    <Card
      title="Telegram"
      actions={
        <Button size="sm" variant="outline" disabled={!canChange} onClick={sendTest}>
          <Send aria-hidden="true" className="size-4" />
          Send test notification
        </Button>
      }
    >
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {data && (
        <Facts
          items={[
            ['Delivery', data.configured ? 'Configured' : 'Not configured (notifications are only stored)'],
            ['Pending', data.pending],
            ['Sent', data.sent],
            ['Failed', data.failed],
            ['Last sent', formatDateTime(data.lastSentAt)],
            ['Last error', data.lastError ?? '—'],
          ]}
        />
      )}
      {dialog}
    </Card>
  );
}
