import type { ServerSample } from '@balancer/core';
/**
 * What one reading of the machine gives (reader.ts fills it) and the sample the monitor keeps.
 * Pure: no I/O, no clock.
 */

/** One mounted file system, sizes in bytes. */
export interface FileSystemReading {
  mount: string;
  size: number;
  used: number;
  /** Free for unprivileged users (excludes blocks reserved for root, as `df` shows it). */
  available: number;
}

/** The raw figures of one reading. */
export interface SystemReading {
  /** Seconds since the machine booted. */
  uptime: number;
  /** Percent of all cores busy since the previous reading. */
  cpuLoad: number;
  /** Milliseconds that `cpuLoad` averages over (absent: a full sampling interval). */
  cpuWindowMs?: number;
  /** 1, 5 and 15-minute load averages (runnable processes; not percent). */
  loadAverage: [number, number, number];
  /** Bytes. `active` is memory in use excluding buffers and page cache. */
  memory: { total: number; active: number };
  fileSystems: FileSystemReading[];
}

/** The busiest mounted file system of a sample (core's contract). */
type DiskSample = NonNullable<ServerSample['disk']>;

/** The latest sample, as GET /server shows it (core's contract); percentages rounded to 0.1. */
export type { ServerSample };

const round1 = (value: number) => Math.round(value * 10) / 10;

/** `part / total` in percent, rounded to 0.1; 0 when the total is not positive. */
export function percentOf(part: number, total: number): number {
  if (!(total > 0) || !Number.isFinite(part)) return 0;
  return round1((Math.max(0, part) / total) * 100);
}

/**
 * The mounted file system with the highest use percent; ties go to the larger one, then to the
 * first listed. File systems of size 0 (pseudo file systems) are skipped. The percent is df's
 * `Use%`: used / (used + available), so blocks reserved for root count as full, which is when
 * the platform (not root) can no longer write.
 */
export function busiestFileSystem(fileSystems: readonly FileSystemReading[]): DiskSample | null {
  let busiest: DiskSample | null = null;
  for (const fs of fileSystems) {
    if (!(fs.size > 0)) continue;
    const percent = percentOf(fs.used, fs.used + Math.max(0, fs.available));
    const candidate = { mount: fs.mount, size: fs.size, used: fs.used, percent };
    const wins =
      busiest === null ||
      candidate.percent > busiest.percent ||
      (candidate.percent === busiest.percent && candidate.size > busiest.size);
    if (wins) busiest = candidate;
  }
  return busiest;
}

/** The sample kept for a reading taken at `sampledAt` (epoch ms). */
export function toSample(reading: SystemReading, sampledAt: number): ServerSample {
  const cpuLoad = Number.isFinite(reading.cpuLoad) ? Math.min(100, Math.max(0, reading.cpuLoad)) : 0;
  return {
    uptime: Math.floor(reading.uptime),
    cpu: {
      load: round1(cpuLoad),
      loadAverage: reading.loadAverage.map((value) => Math.round(value * 100) / 100) as [
        number,
        number,
        number,
      ],
      ...(reading.cpuWindowMs === undefined ? {} : { windowMs: Math.round(reading.cpuWindowMs) }),
    },
    memory: {
      total: reading.memory.total,
      used: reading.memory.active,
      percent: percentOf(reading.memory.active, reading.memory.total),
    },
    disk: busiestFileSystem(reading.fileSystems),
    sampledAt,
  };
}
