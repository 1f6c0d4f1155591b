import type { UpdateAvailable } from '@balancer/core';

/** The Platform update badge is 1 when the GUI or the API is behind, 2 when BOTH are. */
export function updateBadgeCount(updateAvailable: UpdateAvailable | undefined): number {
  if (updateAvailable === 'BOTH') return 2;
  return updateAvailable === 'GUI' || updateAvailable === 'API' ? 1 : 0;
}

/** The authority each signed-in screen needs (docs/web.md, Routes; docs/accounts.md). */
export const REQUIRED_AUTHORITY = {
  dashboard: 1,
  positions: 2,
  server: 2,
  adjustments: 2,
  ipBlacklist: 2,
  lab: 2,
  users: 5,
  platformUpdate: 1,
} as const;

export type Screen = keyof typeof REQUIRED_AUTHORITY;

/** Items needing more than the user's authority are disabled; an unknown user may use none. */
export function allowed(authority: number | undefined, screen: Screen): boolean {
  return authority !== undefined && authority >= REQUIRED_AUTHORITY[screen];
}
