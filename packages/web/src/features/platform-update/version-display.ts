import type { UpdateAvailable, VersionCheckStatus } from '@balancer/core';

/** Characters of a commit id shown (git's default abbreviation). */
export const SHORT_SHA_LENGTH = 7;

export const shortSha = (sha: string): string => sha.slice(0, SHORT_SHA_LENGTH);

/** The update state in words. */
export function updateSummary(available: UpdateAvailable): string {
  switch (available) {
    case 'BOTH':
      return 'The API and the GUI are both behind the latest release';
    case 'API':
      return 'The API is behind the latest release';
    case 'GUI':
      return 'The GUI is behind the latest release';
    default:
      return 'Up to date';
  }
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
