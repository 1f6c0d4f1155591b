import { z } from 'zod';
import type { PlatformUpdate, PlatformVersion, VersionCheckState } from '../validation/release.js';
import { versionSummarySchema } from './essentials.js';
import { epochMsSchema } from './wire.js';

/*
 * The Platform update screen's payloads (docs/platform-update.md). The domain names the shapes
 * (validation/release.ts); the schemas are tied to them with `satisfies`.
 */

const versionCheckStateSchema = z.object({
  status: z.enum(['off', 'never-checked', 'ok', 'unreachable', 'invalid']),
  /** The manifest's URL (without credentials), or 'off'. */
  source: z.string(),
  lastCheckedAt: epochMsSchema.nullable(),
  error: z.string().nullable(),
}) satisfies z.ZodType<VersionCheckState>;

/** `GET /platform/version` and `POST /platform/update/check`. */
export const platformVersionSchema = versionSummarySchema.extend({
  check: versionCheckStateSchema,
  release: z.object({ notes: z.string().nullable(), url: z.string().nullable() }),
}) satisfies z.ZodType<PlatformVersion>;

/** `GET /platform/update`: the version information plus the upgrade steps for this install. */
export const platformUpdateSchema = platformVersionSchema.extend({
  steps: z.array(
    z.object({ title: z.string(), command: z.string().optional(), note: z.string().optional() }),
  ),
}) satisfies z.ZodType<PlatformUpdate>;
