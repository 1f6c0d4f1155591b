import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ApiClient } from '../../lib/api';
import { Card, Facts } from '../ui/card';
import { originFigures, originLink, originName } from './live-origin';
import { liveOriginQuery } from './live-origin-query';

/**
 * Which stored lab result the live strategy settings came from (GET lab/live-origin), with its
 * figures; says so when they were edited since. Nothing when no result was ever applied. Shown
 * on the dashboard and Adjustments, which pass their API client.
 */
export function LiveOriginCard({ client }: { client: ApiClient }) {
  const query = useQuery(liveOriginQuery(client));
  const origin = query.data?.origin;
  if (!origin) return null;
  const link = originLink(origin);
  const applied = new Date(origin.appliedAt).toISOString().slice(0, 16).replace('T', ' ');
  return (
    <Card title="Live strategy origin">
      <p className="mb-2 text-sm" data-testid="live-origin">
        {origin.matchesLive ? 'The live strategy settings are ' : 'The live strategy settings were '}
        {link ? (
          <Link to={link} className="underline">
            {originName(origin)}
          </Link>
        ) : (
          <span>{originName(origin)} (no longer stored)</span>
        )}{' '}
        of {origin.dataSet}, applied by {origin.appliedBy} at {applied} UTC
        {origin.matchesLive ? '.' : ', and have been edited since.'}
      </p>
      <Facts items={originFigures(origin)} />
    </Card>
  );
}
