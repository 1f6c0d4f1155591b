import type { Services } from '../../platform/compose.js';
import { ServerMonitor } from './monitor.js';
import type { SystemReading } from './sample.js';

const GIB = 1024 ** 3;

/**
 * A reading with the given percentages: 16 GiB of memory, one 100 GiB file system on '/' whose
 * available space is the rest (so the percent is exact).
 */
export function readingAt(cpu: number, memory: number, disk: number): SystemReading {
  const size = 100 * GIB;
  return {
    uptime: 86_400.7,
    cpuLoad: cpu,
    loadAverage: [0.5, 0.25, 0.125],
    memory: { total: 16 * GIB, active: (16 * GIB * memory) / 100 },
    fileSystems: [{ mount: '/', size, used: (size * disk) / 100, available: (size * (100 - disk)) / 100 }],
  };
}

/** The platform's server monitor among its background tasks (tests feed it readings). */
export function monitorOf(services: Services): ServerMonitor {
  const task = services.background.find((candidate) => candidate instanceof ServerMonitor);
  if (!task) throw new Error('the server monitor is not among the background tasks');
  return task as ServerMonitor;
}
