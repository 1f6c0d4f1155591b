import type { LabLiveOriginAnswer } from '@balancer/core';
import type { ApiClient } from '../../lib/api';

/**
 * GET lab/live-origin as a react-query: the dashboard asks it first and loads the card's code only
 * when there is an origin to show; the card reads the same cached answer.
 */
export const liveOriginQuery = (client: ApiClient) => ({
  queryKey: ['lab', 'live-origin'] as const,
  queryFn: () => client.request<LabLiveOriginAnswer>({ path: 'lab/live-origin', auth: true }),
});
