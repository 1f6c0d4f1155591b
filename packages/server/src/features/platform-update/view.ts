import type { PlatformVersion, ReleaseManifest, VersionCheckStatus, VersionSummary } from '@balancer/core';
import type { RunningVersions } from './running.js';
import { updateAvailable } from './semver.js';
import type { StoredCheck } from './store.js';

/** The essentials' version: running and latest of each part, and which are behind. */
export function versionSummary(running: RunningVersions, latest: ReleaseManifest | null): VersionSummary {
  const api = { running: running.api, latest: latest?.api ?? null };
  const gui = { running: running.gui, latest: latest?.gui ?? null };
  return { api, gui, updateAvailable: updateAvailable(api, gui) };
}

/** The source as shown to operators: a URL's user and password (if any) left out. */
export function shownSource(source: string): string {
  if (source === 'off') return source;
  try {
    const url = new URL(source);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return source;
  }
}

/** `GET /platform/version`: a turned-off checker still shows the last release it knew of. */
export function platformVersion(
  running: RunningVersions,
  stored: StoredCheck,
  source: string,
): PlatformVersion {
  const status: VersionCheckStatus = source === 'off' ? 'off' : stored.status;
  return {
    ...versionSummary(running, stored.latest),
    check: { status, source: shownSource(source), lastCheckedAt: stored.lastCheckedAt, error: stored.error },
    release: { notes: stored.latest?.notes ?? null, url: stored.latest?.url ?? null },
  };
}

/** Identifies a release for "announce once": both parts' versions. */
export const releaseKey = (manifest: ReleaseManifest) => `${manifest.api.version}@${manifest.gui.version}`;
