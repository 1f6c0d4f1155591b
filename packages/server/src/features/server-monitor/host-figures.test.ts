import { describe, expect, it } from 'vitest';
import { busyPercent, cpuTotals } from './cpu-load.js';
import { fileSystemReading, watchedMounts } from './mounts.js';

const core = (user: number, sys: number, idle: number) => ({ times: { user, nice: 0, sys, idle, irq: 0 } });

describe('CPU load from per-core times', () => {
  it('sums busy and idle time over every core', () => {
    expect(cpuTotals([core(100, 50, 850), core(300, 0, 700)])).toEqual({ busy: 450, total: 2000 });
  });
  it('gives the busy share of the time between two readings', () => {
    const before = cpuTotals([core(100, 50, 850), core(300, 0, 700)]);
    const after = cpuTotals([core(400, 50, 1050), core(300, 100, 1100)]);
    // busy 450 → 850 (+400), total 2000 → 3000 (+1000): 40 %
    expect(busyPercent(before, after)).toBe(40);
  });
  it('falls back to the load since boot without a usable previous reading', () => {
    const now = cpuTotals([core(250, 0, 750)]);
    expect(busyPercent(null, now)).toBe(25); // 250 / 1000
    expect(busyPercent(now, now)).toBe(25); // no time passed
    expect(busyPercent(null, { busy: 0, total: 0 })).toBe(0);
  });
});

describe('watchedMounts', () => {
  it('keeps writable disks and skips kernel, memory-backed, read-only and repeated mounts', () => {
    const procMounts = [
      'proc /proc proc rw,relatime 0 0',
      'sysfs /sys sysfs rw,relatime 0 0',
      'tmpfs /dev/shm tmpfs rw,relatime 0 0',
      '/dev/vda / ext4 rw,relatime,discard 0 0',
      'overlay /var/lib/docker/overlay2/x/merged overlay rw,relatime 0 0',
      '/dev/loop3 /snap/core/1 squashfs ro,nodev 0 0',
      '/dev/vdb /mnt/old\\040backups xfs ro,relatime 0 0',
      '/dev/vdc /srv/my\\040data xfs rw,relatime 0 0',
      '/dev/vda / ext4 rw,relatime 0 0',
      '',
    ].join('\n');
    expect(watchedMounts(procMounts)).toEqual(['/', '/var/lib/docker/overlay2/x/merged', '/srv/my data']);
  });
});

describe('fileSystemReading', () => {
  it("computes df's figures from statfs block counts", () => {
    // 1000 blocks of 4 KiB, 300 free of which 250 available to non-root users.
    expect(fileSystemReading('/', { bsize: 4096, blocks: 1000, bfree: 300, bavail: 250 })).toEqual({
      mount: '/',
      size: 4_096_000, // 1000 × 4096
      used: 2_867_200, // (1000 − 300) × 4096
      available: 1_024_000, // 250 × 4096
    });
  });
});
