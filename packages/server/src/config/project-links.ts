import type { ProjectLinks } from '@balancer/core';
import type { Config } from './schema.js';

/** The project's public addresses for `GET /ready` (core's projectLinksSchema); null when unset. */
export function projectLinks(config: Pick<Config, 'SOURCE_CODE_URL' | 'CONTACT_EMAIL'>): ProjectLinks {
  return { sourceCodeUrl: config.SOURCE_CODE_URL ?? null, contactEmail: config.CONTACT_EMAIL ?? null };
}

/** The releases page on the code host, or null without SOURCE_CODE_URL. */
export function releasesPage(config: Pick<Config, 'SOURCE_CODE_URL'>): string | null {
  return config.SOURCE_CODE_URL ? `${config.SOURCE_CODE_URL}/releases/latest` : null;
}

/**
 * Where the version checker reads the latest release's manifest: UPDATE_SOURCE_URL when set,
 * else the GitHub-style release asset under SOURCE_CODE_URL, else `off` (nothing to ask).
 */
export function updateSource(config: Pick<Config, 'UPDATE_SOURCE_URL' | 'SOURCE_CODE_URL'>): string {
  if (config.UPDATE_SOURCE_URL !== undefined) return config.UPDATE_SOURCE_URL;
  const page = releasesPage(config);
  return page ? `${page}/download/release.json` : 'off';
}
