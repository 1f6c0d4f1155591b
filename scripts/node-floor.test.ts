import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The Node floor is the root package.json's `engines.node`, and it is honest: every installed
 * package accepts it (else `npm ci` warns EBADENGINE, or worse, a dependency breaks on it), and
 * the Node running the tests (CI's) is within it.
 */
const root = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: unknown; version?: string }>;
};
const floor = semver.minVersion(root.engines.node)?.version ?? 'none';

describe('the Node floor', () => {
  it('is declared, and the Node running the tests is within it', () => {
    expect(floor).toBe('20.19.0');
    expect(semver.satisfies(process.versions.node, root.engines.node)).toBe(true);
  });

  it('is accepted by every package in the lockfile', () => {
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const node = (entry.engines as { node?: unknown } | undefined)?.node;
      if (typeof node !== 'string' || !semver.validRange(node)) return [];
      return semver.satisfies(floor, node) ? [] : [`${path}@${entry.version}: node ${node}`];
    });
    expect(refusing).toEqual([]);
  });
});
