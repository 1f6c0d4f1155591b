import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';
import { busyPercent, type CpuTotals, cpuTotals } from './cpu-load.js';
import { fileSystemReading, watchedMounts } from './mounts.js';
import type { FileSystemReading, SystemReading } from './sample.js';

/** Port: takes one reading of the machine. The monitor's tests feed readings instead. */
export interface SystemReader {
  read(): Promise<SystemReading>;
}

type SystemInformation = typeof import('systeminformation');

/**
 * The machine's reader. systeminformation gives the memory in use without buffers and cache
 * (`mem().active`, an async read of /proc/meminfo). Where one of its calls would spawn a shell
 * that blocks the event loop (`currentLoad` and `fsSize` run `execSync('cat …')`, 5–10 ms each,
 * over 100 ms on a loaded machine) the same figure is read without a process: the busy CPU percent
 * from node:os per-core times (the delta since the previous reading, so at one reading a minute
 * the last minute's average), the file systems from /proc/mounts and `statfs` (df's arithmetic).
 * `si.fsSize()` (which runs `df`) remains the fallback where /proc/mounts does not exist.
 * Uptime and load averages come from node:os (`si.time()` spawns `date` only to add a time zone).
 */
export function hostReader(): SystemReader {
  // The baseline is taken now, so the first reading covers the time since the platform started.
  let previous: CpuTotals | null = cpuTotals(os.cpus());
  let previousAt = performance.now();
  return {
    async read() {
      const next = cpuTotals(os.cpus());
      const cpuLoad = busyPercent(previous, next);
      const readAt = performance.now();
      const cpuWindowMs = readAt - previousAt;
      previous = next;
      previousAt = readAt;
      // Imported on first use: a process that never samples does not load it.
      const si = await import('systeminformation');
      const [memory, fileSystems] = await Promise.all([si.mem(), readFileSystems(si)]);
      const [one = 0, five = 0, fifteen = 0] = os.loadavg();
      return {
        uptime: os.uptime(),
        cpuLoad,
        cpuWindowMs,
        loadAverage: [one, five, fifteen],
        memory: { total: memory.total, active: memory.active },
        fileSystems,
      };
    },
  };
}

async function readFileSystems(si: SystemInformation): Promise<FileSystemReading[]> {
  let procMounts: string;
  try {
    procMounts = await readFile('/proc/mounts', 'utf8');
  } catch {
    const listed = await si.fsSize();
    return listed.map(({ mount, size, used, available }) => ({ mount, size, used, available }));
  }
  // A mount that cannot be read (permissions, a vanished bind mount) is left out, not fatal.
  const read = await Promise.allSettled(
    watchedMounts(procMounts).map(async (mount) => fileSystemReading(mount, await statfs(mount))),
  );
  return read.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}
