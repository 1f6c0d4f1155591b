import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { buttonClasses } from '../../components/ui/button';
import { Card, Facts } from '../../components/ui/card';
import { errorMessageOf } from '../../lib/api';
import type { AlarmThresholds } from './server-api';

/** GET /server/alarms, read-only: the thresholds are changed on the Adjustments screen. */
export function AlarmsCard() {
  const { client } = useAuth();
  const { data, error } = useQuery({
    queryKey: ['server', 'alarms'],
    queryFn: () => client.request<AlarmThresholds>({ path: 'server/alarms', auth: true }),
  });
  return (
    <Card
      title="Alarms"
      actions={
        <Link to="/app/adjustments" className={buttonClasses('outline', 'sm')}>
          Change in Adjustments
        </Link>
      }
    >
      <p className="mb-3 text-sm text-neutral-600">
        A notification is sent when a sample reaches a threshold, and again when it falls 5 points below.
      </p>
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {data && (
        <Facts
          items={[
            ['CPU load', `${data.cpu} %`],
            ['Memory use', `${data.memory} %`],
            ['Disk use', `${data.disk} %`],
          ]}
        />
      )}
    </Card>
  );
}
