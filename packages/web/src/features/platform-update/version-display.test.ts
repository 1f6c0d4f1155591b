import type { UpdateAvailable } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { checkStatusLabel, shortSha, updateSummary } from './version-display';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const part = {
  running: { version: '0.1.0', sha: SHA, eventTime: null },
  latest: { version: '0.1.0', sha: SHA, eventTime: 1 },
};
const summary = (updateAvailable: UpdateAvailable) => ({
  api: part,
  gui: part,
  updateAvailable,
  check: { status: 'ok', source: 'x', lastCheckedAt: 1, error: null } as const,
});

describe('version display', () => {
  it('says which part is behind', () => {
    expect(updateSummary(summary(null))).toBe('Up to date');
    expect(updateSummary(summary('GUI'))).toBe('The GUI is behind the latest release');
    expect(updateSummary(summary('BOTH'))).toMatch(/both behind/);
  });

  it('never says "Up to date" without a release to compare with', () => {
    const unknown = { ...summary(null), api: { ...part, latest: null }, gui: { ...part, latest: null } };
    const failed = {
      status: 'unreachable',
      source: 'x',
      lastCheckedAt: 1,
      error: 'HTTP 404 from the update source',
    } as const;
    expect(updateSummary({ ...unknown, check: failed })).toBe(
      'Unknown — last check failed: HTTP 404 from the update source',
    );
    expect(updateSummary({ ...unknown, check: { ...failed, status: 'invalid', error: null } })).toBe(
      'Unknown — last check failed: Invalid release manifest',
    );
    expect(updateSummary({ ...unknown, check: { ...failed, status: 'never-checked', error: null } })).toBe(
      'Unknown — not checked yet',
    );
    expect(updateSummary({ ...unknown, check: { ...failed, status: 'off', error: null } })).toBe(
      'Unknown — release checks are off',
    );
    // A release seen earlier still compares, but the failed check is said.
    expect(updateSummary({ ...summary(null), check: failed })).toBe(
      'Up to date with the last release seen — last check failed: HTTP 404 from the update source',
    );
  });

  it('shortens a sha to 7 characters', () => {
    expect(shortSha(SHA)).toBe('0123456');
  });

  it('labels each check status', () => {
    expect(checkStatusLabel('ok')).toBe('OK');
    expect(checkStatusLabel('unreachable')).toBe('Unreachable');
    expect(checkStatusLabel('invalid')).toBe('Invalid release manifest');
    expect(checkStatusLabel('off')).toMatch(/^Off/);
  });
});
