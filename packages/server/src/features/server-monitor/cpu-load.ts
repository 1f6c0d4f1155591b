/** Busy CPU percent from the kernel's cumulative per-core times (node:os `cpus()`). Pure. */

/** Cumulative milliseconds all cores spent, as `os.cpus()[i].times` gives them per core. */
export interface CpuTimes {
  user: number;
  nice: number;
  sys: number;
  idle: number;
  irq: number;
}

export interface CpuTotals {
  busy: number;
  total: number;
}

/** Sums every core's times; busy is everything but idle. */
export function cpuTotals(cores: ReadonlyArray<{ times: CpuTimes }>): CpuTotals {
  let busy = 0;
  let idle = 0;
  for (const { times } of cores) {
    busy += times.user + times.nice + times.sys + times.irq;
    idle += times.idle;
  }
  return { busy, total: busy + idle };
}

/**
 * Percent of all cores busy between two readings of the totals. With no time between them (or
 * counters reset), the load since boot (`next` alone) is the best figure there is.
 */
export function busyPercent(previous: CpuTotals | null, next: CpuTotals): number {
  const total = next.total - (previous?.total ?? 0);
  const busy = next.busy - (previous?.busy ?? 0);
  if (previous && total > 0 && busy >= 0) return (busy / total) * 100;
  return next.total > 0 ? (next.busy / next.total) * 100 : 0;
}
