type Sample = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

/** Valid-shaped arguments of the notification routes for the generated authorization matrix. */
export function notificationSamples(): Record<string, () => Sample> {
  return {
    'GET /notification': () => ({ query: { limit: '15' } }),
  };
}
