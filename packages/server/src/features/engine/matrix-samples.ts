type Sample = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

/** Valid-shaped arguments of the engine routes for the generated authorization matrix. */
export function engineSamples(): Record<string, () => Sample> {
  return {
    'POST /position/decrease': () => ({ body: { percentage: 10 } }),
  };
}
