import type { Sample } from '../../testing/route-samples.js';

/** Valid-shaped arguments of the engine routes for the generated authorization matrix. */
export function engineSamples(): Record<string, () => Sample> {
  return {
    'POST /position/decrease': () => ({ body: { percentage: 10 } }),
  };
}
