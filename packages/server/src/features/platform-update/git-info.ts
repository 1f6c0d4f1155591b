import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { COMMIT_SHA_PATTERN } from '@balancer/core';
import { z } from 'zod';

/** The commit an install was built from; each part null when it cannot be told. */
export interface CommitInfo {
  sha: string | null;
  /** The commit's committer time, epoch ms (git's %ct × 1000). */
  eventTime: number | null;
}

const UNKNOWN: CommitInfo = { sha: null, eventTime: null };
/** A symbolic ref pointing at another: HEAD → refs/heads/main is one hop; more than this is a loop. */
const MAX_REF_HOPS = 5;
const SAFE_REF = /^refs\/[A-Za-z0-9._\-/]+$/;

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The git directory and the common one (refs, objects), following a worktree's `.git` file. */
function gitDirs(root: string): { git: string; common: string } | null {
  const dotGit = path.join(root, '.git');
  let git: string;
  try {
    if (statSync(dotGit).isDirectory()) git = dotGit;
    else {
      const pointer = /^gitdir:\s*(.+)$/m.exec(readText(dotGit) ?? '');
      if (!pointer?.[1]) return null;
      git = path.resolve(root, pointer[1].trim());
    }
  } catch {
    return null;
  }
  const commondir = readText(path.join(git, 'commondir'))?.trim();
  return { git, common: commondir ? path.resolve(git, commondir) : git };
}

function packedRef(common: string, ref: string): string | null {
  for (const line of (readText(path.join(common, 'packed-refs')) ?? '').split('\n')) {
    // '#' starts the header, '^' the peeled commit of the tag above.
    if (line.startsWith('#') || line.startsWith('^')) continue;
    const [sha, name] = line.trim().split(' ');
    if (name === ref && sha) return sha;
  }
  return null;
}

/** `ref: refs/…` chains or a bare commit id, as in HEAD and loose ref files. */
function resolve(dirs: { git: string; common: string }, content: string, hops = 0): string | null {
  const text = content.trim();
  if (COMMIT_SHA_PATTERN.test(text)) return text;
  const ref = /^ref:\s*(\S+)$/.exec(text)?.[1];
  if (!ref || !SAFE_REF.test(ref) || ref.includes('..') || hops >= MAX_REF_HOPS) return null;
  const loose = readText(path.join(dirs.git, ref)) ?? readText(path.join(dirs.common, ref));
  if (loose !== null) return resolve(dirs, loose, hops + 1);
  const packed = packedRef(dirs.common, ref);
  return packed !== null && COMMIT_SHA_PATTERN.test(packed) ? packed : null;
}

/** The committer time of a loose commit object; null when it is packed (or unreadable). */
function commitTime(common: string, sha: string): number | null {
  try {
    const raw = inflateSync(readFileSync(path.join(common, 'objects', sha.slice(0, 2), sha.slice(2))));
    const text = raw.toString('utf8');
    if (!text.startsWith('commit ')) return null;
    // "committer Name <email> 1700000000 +0100": the seconds before the zone.
    const match = /^committer .* (\d+) [+-]\d{4}$/m.exec(text.slice(text.indexOf('\0') + 1));
    return match?.[1] ? Number(match[1]) * 1000 : null;
  } catch {
    return null;
  }
}

/** HEAD's commit in the checkout at `root`, read from `.git` without the git binary; null when not a checkout. */
export function readGitCommit(root: string): CommitInfo | null {
  const dirs = gitDirs(root);
  if (!dirs) return null;
  const head = readText(path.join(dirs.git, 'HEAD'));
  const sha = head === null ? null : resolve(dirs, head);
  if (sha === null) return UNKNOWN;
  return { sha, eventTime: commitTime(dirs.common, sha) };
}

const buildInfoSchema = z.object({
  sha: z.string().regex(COMMIT_SHA_PATTERN),
  eventTime: z.int().min(0),
});

/** `build-info.json` at `root` ({sha, eventTime}), written into release archives; null when absent or malformed. */
export function readBuildInfo(root: string): CommitInfo | null {
  const text = readText(path.join(root, 'build-info.json'));
  if (text === null) return null;
  try {
    const parsed = buildInfoSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** This install's commit: build-info.json first, then the git checkout, else unknown. */
export function readInstallCommit(root: string): CommitInfo {
  return readBuildInfo(root) ?? readGitCommit(root) ?? UNKNOWN;
}
