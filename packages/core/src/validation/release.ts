import { z } from 'zod';

/**
 * The release manifest (`release.json`) the maintainers attach to each public release, and the
 * version information the server derives from it (docs/platform-update.md). Shared so the web
 * app reads the same types the server answers with.
 */

/** Semantic Versioning 2.0.0: MAJOR.MINOR.PATCH, optional -prerelease and +build, no leading zeros. */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** A full git commit id (SHA-1): 40 lower-case hex digits. */
export const COMMIT_SHA_PATTERN = /^[0-9a-f]{40}$/;

/** Epoch ms up to the year 3000: catches seconds-vs-ms mistakes in hand-written manifests only loosely. */
const MAX_EPOCH_MS = 32_503_680_000_000;

export const semverSchema = z
  .string()
  .max(100)
  .regex(SEMVER_PATTERN, 'must be a semantic version like 1.2.3');

/** One part (API or GUI) of a release: its version and the commit it was built from. */
export const releaseComponentSchema = z.object({
  version: semverSchema,
  sha: z.string().regex(COMMIT_SHA_PATTERN, 'must be a 40-digit lower-case hex commit id'),
  /** The commit's time, epoch ms. */
  eventTime: z.int().min(0).max(MAX_EPOCH_MS),
});
export type ReleaseComponent = z.infer<typeof releaseComponentSchema>;

/** `release.json`. Unknown fields are dropped, so later manifests may add some. */
export const releaseManifestSchema = z.object({
  api: releaseComponentSchema,
  gui: releaseComponentSchema,
  /** Release notes, shown with the update; plain text. */
  notes: z.string().max(20_000).optional(),
  /** The release's page (download, changelog). */
  url: z
    .url({ protocol: /^https?$/ })
    .max(2_000)
    .optional(),
});
export type ReleaseManifest = z.infer<typeof releaseManifestSchema>;

/** What this install runs; a part unknown here (no git, no package.json) is null. */
export interface RunningComponent {
  version: string | null;
  sha: string | null;
  eventTime: number | null;
}

/** Which parts are behind their latest release (drives the Platform update badge: 2 for BOTH). */
export type UpdateAvailable = 'BOTH' | 'GUI' | 'API' | null;

export interface ComponentVersions {
  running: RunningComponent;
  latest: ReleaseComponent | null;
}

/** The app essentials' `version`. */
export interface VersionSummary {
  api: ComponentVersions;
  gui: ComponentVersions;
  updateAvailable: UpdateAvailable;
}

export type VersionCheckStatus = 'off' | 'never-checked' | 'ok' | 'unreachable' | 'invalid';

export interface VersionCheckState {
  status: VersionCheckStatus;
  /** The manifest's URL (without credentials), or 'off'. */
  source: string;
  /** When the last check finished, epoch ms. */
  lastCheckedAt: number | null;
  /** Why the last check failed, one short line; null after a good one. */
  error: string | null;
}

/** `GET /platform/version`. */
export interface PlatformVersion extends VersionSummary {
  check: VersionCheckState;
  /** The latest release's notes and page, when its manifest had them. */
  release: { notes: string | null; url: string | null };
}

export interface UpgradeStep {
  title: string;
  command?: string;
  note?: string;
}

/** `GET /platform/update`: the version information plus the upgrade steps for this install. */
export interface PlatformUpdate extends PlatformVersion {
  steps: UpgradeStep[];
}
