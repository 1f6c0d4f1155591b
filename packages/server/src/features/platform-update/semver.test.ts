import type { ComponentVersions } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { compareSemver, updateAvailable } from './semver.js';

describe('compareSemver', () => {
  it('orders by major, minor, patch as numbers, not text', () => {
    expect(compareSemver('1.2.3', '1.2.3')).toBe(0);
    expect(compareSemver('1.2.3', '1.2.4')).toBe(-1);
    expect(compareSemver('1.10.0', '1.9.9')).toBe(1);
    expect(compareSemver('2.0.0', '10.0.0')).toBe(-1);
    expect(compareSemver('0.1.0', '0.0.99')).toBe(1);
  });

  it('ranks pre-releases by SemVer §11', () => {
    // The spec's own example chain, each lower than the next.
    const chain = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
    ];
    for (let i = 0; i + 1 < chain.length; i++) {
      expect(compareSemver(chain[i]!, chain[i + 1]!)).toBe(-1);
      expect(compareSemver(chain[i + 1]!, chain[i]!)).toBe(1);
    }
  });

  it('ignores build metadata and refuses what is not a semantic version', () => {
    expect(compareSemver('1.0.0+build.5', '1.0.0+other')).toBe(0);
    for (const bad of ['1.0', 'v1.0.0', '01.0.0', '1.0.0-', '', 'latest']) {
      expect(compareSemver(bad, '1.0.0')).toBeNull();
    }
  });
});

const part = (running: string | null, latest: string | null): ComponentVersions => ({
  running: { version: running, sha: null, eventTime: null },
  latest: latest === null ? null : { version: latest, sha: 'a'.repeat(40), eventTime: 0 },
});

describe('updateAvailable', () => {
  it('names the parts behind their latest version', () => {
    expect(updateAvailable(part('0.1.0', '0.2.0'), part('0.1.0', '0.2.0'))).toBe('BOTH');
    expect(updateAvailable(part('0.1.0', '0.2.0'), part('0.2.0', '0.2.0'))).toBe('API');
    expect(updateAvailable(part('0.2.0', '0.2.0'), part('0.1.0', '0.1.1'))).toBe('GUI');
    expect(updateAvailable(part('0.2.0', '0.2.0'), part('0.2.0', '0.2.0'))).toBeNull();
  });

  it('is null when nothing is known or this install runs ahead', () => {
    expect(updateAvailable(part('0.1.0', null), part('0.1.0', null))).toBeNull();
    expect(updateAvailable(part('0.3.0', '0.2.0'), part('0.3.0-rc.1', '0.2.0'))).toBeNull();
    // A GUI this install does not have (no package.json) is never behind.
    expect(updateAvailable(part('0.1.0', '0.2.0'), part(null, '0.2.0'))).toBe('API');
  });
});
