import { z } from 'zod';

/** One line of `npm run cli -- doctor`: what was checked, how it stands, and the fix when not ok. */
export const doctorCheckSchema = z.object({
  check: z.string(),
  status: z.enum(['ok', 'warn', 'fail', 'skip']),
  detail: z.string(),
  /** A concrete fix (a command or the setting to change); present on every warn and fail. */
  fix: z.string().optional(),
});

/** `npm run cli -- doctor --json`: every check; `ok` is false when any failed. */
export const doctorReportSchema = z.object({
  ok: z.boolean(),
  tookMs: z.number().int().nonnegative(),
  checks: z.array(doctorCheckSchema),
});

export type DoctorCheck = z.infer<typeof doctorCheckSchema>;
export type DoctorStatus = DoctorCheck['status'];
export type DoctorReport = z.infer<typeof doctorReportSchema>;
