import type { Sample } from '../../testing/route-samples.js';

/** Valid-shaped arguments of the notification routes for the generated authorization matrix. */
export function notificationSamples(): Record<string, () => Sample> {
  return {
    'GET /notification': () => ({ query: { limit: '15' } }),
  };
}
