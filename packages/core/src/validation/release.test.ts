import { describe, expect, it } from 'vitest';
import { releaseManifestSchema, semverSchema } from './release.js';

const part = { version: '0.2.0', sha: 'a'.repeat(40), eventTime: 1_700_000_000_000 };
const manifest = { api: part, gui: { ...part, version: '0.2.1' } };

describe('the release manifest', () => {
  it('accepts the minimal and the full form, dropping unknown fields', () => {
    expect(releaseManifestSchema.parse(manifest)).toEqual(manifest);
    const full = { ...manifest, notes: 'Fixes', url: 'https://example.org/releases/v0.2.0', extra: 1 };
    expect(releaseManifestSchema.parse(full)).toEqual({ ...manifest, notes: 'Fixes', url: full.url });
  });

  it.each([
    ['a missing part', { api: part }],
    ['a version that is not semver', { ...manifest, api: { ...part, version: 'v0.2' } }],
    ['a short sha', { ...manifest, api: { ...part, sha: 'abc123' } }],
    ['an upper-case sha', { ...manifest, gui: { ...part, sha: 'A'.repeat(40) } }],
    ['a time that is not an integer', { ...manifest, api: { ...part, eventTime: 1.5 } }],
    ['a negative time', { ...manifest, api: { ...part, eventTime: -1 } }],
    ['a time as text', { ...manifest, api: { ...part, eventTime: '1700000000000' } }],
    ['a page that is not http(s)', { ...manifest, url: 'javascript:alert(1)' }],
    ['notes that are not text', { ...manifest, notes: 5 }],
  ])('refuses %s', (_name, value) => {
    expect(releaseManifestSchema.safeParse(value).success).toBe(false);
  });

  it('checks semantic versions', () => {
    for (const good of ['0.0.0', '1.2.3', '1.2.3-rc.1', '1.2.3+build.7', '10.20.30-alpha.beta+sha.1']) {
      expect(semverSchema.safeParse(good).success).toBe(true);
    }
    for (const bad of ['1.2', '01.2.3', '1.2.3-', '1.2.3-01', ' 1.2.3']) {
      expect(semverSchema.safeParse(bad).success).toBe(false);
    }
  });
});
