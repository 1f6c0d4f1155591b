import type { DoctorCheck } from '@balancer/core';

export type { DoctorCheck };

export const ok = (check: string, detail: string): DoctorCheck => ({ check, status: 'ok', detail });
export const skip = (check: string, detail: string): DoctorCheck => ({ check, status: 'skip', detail });
export const warn = (check: string, detail: string, fix: string): DoctorCheck => ({
  check,
  status: 'warn',
  detail,
  fix,
});
export const fail = (check: string, detail: string, fix: string): DoctorCheck => ({
  check,
  status: 'fail',
  detail,
  fix,
});

/**
 * Runs one probe with a deadline: doctor as a whole must answer in under 2 s, so a probe that
 * hangs (a firewalled database, an exchange that never answers) becomes a result of its own.
 */
export async function withDeadline(
  check: string,
  ms: number,
  probe: () => Promise<DoctorCheck[]>,
  onTimeout: (check: string, ms: number) => DoctorCheck,
): Promise<DoctorCheck[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DoctorCheck[]>((resolve) => {
    timer = setTimeout(() => resolve([onTimeout(check, ms)]), ms);
  });
  try {
    return await Promise.race([
      probe().catch((error: unknown) => [
        fail(check, `the check itself failed: ${(error as Error).message}`, 'report this as a bug'),
      ]),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
