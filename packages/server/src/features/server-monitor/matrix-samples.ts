type Sample = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

/** Valid-shaped arguments of the server monitor routes for the generated authorization matrix. */
export function serverMonitorSamples(): Record<string, () => Sample> {
  return {
    'PUT /server/alarms': () => ({ body: { newConfig: { cpu: 75, memory: 75, disk: 80 } } }),
  };
}
