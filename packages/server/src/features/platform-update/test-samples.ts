import type { Sample } from '../../testing/route-samples.js';

/**
 * Arguments of the platform update routes for the generated authorization matrix: none of them
 * takes any, so there are no samples; kept so a route that gains arguments gets one here.
 */
export function platformUpdateSamples(): Record<string, () => Sample> {
  return {};
}
