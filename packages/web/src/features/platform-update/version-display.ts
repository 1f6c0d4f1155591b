import type { PlatformVersion, VersionCheckStatus } from '@balancer/core';

/** Characters of a commit id shown (git's default abbreviation). */
export const SHORT_SHA_LENGTH = 7;

export const shortSha = (sha: string): string => sha.slice(0, SHORT_SHA_LENGTH);

/** Why the last check gave no answer, or null when it succeeded (or never ran). */
function failure(check: PlatformVersion['check']): string | null {
  if (check.status !== 'unreachable' && check.status !== 'invalid') return null;
  return check.error ?? checkStatusLabel(check.status);
}

/**
 * The update state in words. "Up to date" only when a release is known to compare with: without
 * one the answer is unknown, and a failed last check says why.
 */
export function updateSummary(
  data: Pick<PlatformVersion, 'api' | 'gui' | 'updateAvailable' | 'check'>,
): string {
  switch (data.updateAvailable) {
    case 'BOTH':
      return 'The API and the GUI are both behind the latest release';
    case 'API':
      return 'The API is behind the latest release';
    case 'GUI':
      return 'The GUI is behind the latest release';
  }
  const failed = failure(data.check);
  if (data.api.latest === null || data.gui.latest === null) {
    if (failed) return `Unknown — last check failed: ${failed}`;
    if (data.check.status === 'off') return 'Unknown — release checks are off';
    if (data.check.status === 'never-checked') return 'Unknown — not checked yet';
    return 'Unknown';
  }
  return failed ? `Up to date with the last release seen — last check failed: ${failed}` : 'Up to date';
}

const CHECK_LABELS: Record<VersionCheckStatus, string> = {
  ok: 'OK',
  unreachable: 'Unreachable',
  invalid: 'Invalid release manifest',
  off: 'Off (UPDATE_SOURCE_URL=off, or neither it nor SOURCE_CODE_URL set)',
  'never-checked': 'Not checked yet',
};

export function checkStatusLabel(status: VersionCheckStatus): string {
  return CHECK_LABELS[status] ?? status;
}
