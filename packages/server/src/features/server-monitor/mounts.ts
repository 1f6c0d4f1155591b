import type { FileSystemReading } from './sample.js';

/**
 * Which mounted file systems can fill up, read from /proc/mounts. Pure. Skipped: kernel and
 * memory-backed file systems (their use is memory, which the memory alarm watches), squashfs
 * images (always full by design), read-only mounts (they cannot fill), and a mount point seen
 * twice (bind mounts) after its first line.
 */
const SKIPPED_TYPES = new Set([
  'autofs',
  'binfmt_misc',
  'bpf',
  'cgroup',
  'cgroup2',
  'configfs',
  'debugfs',
  'devpts',
  'devtmpfs',
  'efivarfs',
  'fusectl',
  'hugetlbfs',
  'mqueue',
  'nsfs',
  'proc',
  'pstore',
  'ramfs',
  'rpc_pipefs',
  'securityfs',
  'squashfs',
  'sysfs',
  'tmpfs',
  'tracefs',
]);

/** /proc/mounts escapes space, tab, newline and backslash in paths as octal (`\040`). */
const unescapeMount = (path: string) =>
  path.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));

/** The mount points worth watching, in the order /proc/mounts lists them. */
export function watchedMounts(procMounts: string): string[] {
  const seen = new Set<string>();
  for (const line of procMounts.split('\n')) {
    const [, rawMount, type, options] = line.trim().split(/\s+/);
    if (!rawMount || !type || SKIPPED_TYPES.has(type)) continue;
    if ((options ?? '').split(',').includes('ro')) continue;
    seen.add(unescapeMount(rawMount));
  }
  return [...seen];
}

/** What `statfs` reports for a file system: counts of blocks of `bsize` bytes. */
export interface BlockCounts {
  bsize: number;
  blocks: number;
  bfree: number;
  bavail: number;
}

/** Sizes in bytes as `df` computes them: used = all − free; available excludes root's reserve. */
export function fileSystemReading(mount: string, stats: BlockCounts): FileSystemReading {
  return {
    mount,
    size: stats.blocks * stats.bsize,
    used: (stats.blocks - stats.bfree) * stats.bsize,
    available: stats.bavail * stats.bsize,
  };
}
