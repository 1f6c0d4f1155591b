import { type PlatformUpdate, platformUpdateSchema, platformVersionSchema } from '@balancer/core';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { VersionChecker } from './checker.js';
import { type InstallFacts, upgradeSteps } from './steps.js';

/**
 * `/platform/version` (1), `/platform/update` (2) and `/platform/update/check` (3, OTP): the
 * Platform update screen (docs/platform-update.md). None takes arguments.
 */
export function platformUpdateRoutes(
  checker: VersionChecker,
  facts: Omit<InstallFacts, 'releaseUrl'>,
): RouteSpec[] {
  const tag = 'platform-update';
  return [
    defineRoute({
      method: 'GET',
      url: '/platform/version',
      summary: 'Running and latest versions of the API and GUI, which are behind, and the last check',
      tag,
      authority: 1,
      otp: false,
      rateTier: 'standard',
      response: platformVersionSchema,
      handler: () => checker.version(),
    }),
    defineRoute({
      method: 'GET',
      url: '/platform/update',
      summary: 'The version information plus the upgrade steps for this install',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      response: platformUpdateSchema,
      handler: async (): Promise<PlatformUpdate> => {
        const version = await checker.version();
        return { ...version, steps: upgradeSteps({ ...facts, releaseUrl: version.release.url }) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/platform/update/check',
      summary: 'Check the update source now (joins a check already running)',
      tag,
      authority: 3,
      otp: true,
      rateTier: 'guarded',
      response: platformVersionSchema,
      handler: () => checker.check(),
    }),
  ];
}
