import {
  type ComponentVersions,
  type ReleaseComponent,
  type RunningComponent,
  SEMVER_PATTERN,
  type UpdateAvailable,
} from '@balancer/core';

interface Parsed {
  core: [number, number, number];
  pre: string[];
}

function parse(version: string): Parsed | null {
  const match = SEMVER_PATTERN.exec(version);
  if (!match) return null;
  return {
    core: [Number(match[1]), Number(match[2]), Number(match[3])],
    pre: match[4] === undefined ? [] : match[4].split('.'),
  };
}

const NUMERIC = /^\d+$/;

/** SemVer §11: numeric identifiers compare as numbers and sort before alphanumeric ones. */
function compareIdentifiers(a: string, b: string): number {
  const aNum = NUMERIC.test(a);
  const bNum = NUMERIC.test(b);
  if (aNum && bNum) return Math.sign(Number(a) - Number(b));
  if (aNum !== bNum) return aNum ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders two semantic versions (-1, 0, 1) by SemVer 2.0.0 precedence: build metadata is ignored,
 * a pre-release sorts before its release. Null when either is not a semantic version.
 */
export function compareSemver(a: string, b: string): -1 | 0 | 1 | null {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return null;
  for (let i = 0; i < 3; i++) {
    const diff = Math.sign(left.core[i]! - right.core[i]!);
    if (diff !== 0) return diff as -1 | 1;
  }
  if (left.pre.length === 0 || right.pre.length === 0) {
    // 1.0.0-rc.1 < 1.0.0: having no pre-release ranks higher.
    return Math.sign(right.pre.length - left.pre.length) as -1 | 0 | 1;
  }
  const length = Math.max(left.pre.length, right.pre.length);
  for (let i = 0; i < length; i++) {
    const x = left.pre[i];
    const y = right.pre[i];
    // A shorter set of identifiers ranks lower when all before it are equal.
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const diff = compareIdentifiers(x, y);
    if (diff !== 0) return diff as -1 | 1;
  }
  return 0;
}

/**
 * Whether `latest` is newer than what runs. Unknown either side (no check yet, no package.json for
 * a GUI this install does not serve) is not behind: the badge only shows what is known.
 */
export function isBehind(running: RunningComponent, latest: ReleaseComponent | null): boolean {
  if (latest === null || running.version === null) return false;
  return compareSemver(running.version, latest.version) === -1;
}

/** 'BOTH' when the GUI and the API are each behind their latest version, else the one that is. */
export function updateAvailable(api: ComponentVersions, gui: ComponentVersions): UpdateAvailable {
  const apiBehind = isBehind(api.running, api.latest);
  const guiBehind = isBehind(gui.running, gui.latest);
  if (apiBehind && guiBehind) return 'BOTH';
  if (apiBehind) return 'API';
  if (guiBehind) return 'GUI';
  return null;
}
