import type { Sample } from '../../testing/route-samples.js';

/** Valid-shaped arguments of the server monitor routes for the generated authorization matrix. */
export function serverMonitorSamples(): Record<string, () => Sample> {
  return {
    'PUT /server/alarms': () => ({ body: { newConfig: { cpu: 75, memory: 75, disk: 80 } } }),
  };
}
