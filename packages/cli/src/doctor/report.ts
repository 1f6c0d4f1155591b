import type { DoctorReport } from '@balancer/core';

const WIDTH = Math.max(...['ok', 'warn', 'fail', 'skip'].map((status) => status.length));

/** One line per check, `fix:` under every warn and fail, a summary last. */
export function formatReport(report: DoctorReport): string {
  const nameWidth = Math.max(...report.checks.map((check) => check.check.length));
  const lines = report.checks.flatMap((check) => {
    const line = `${check.status.padEnd(WIDTH)}  ${check.check.padEnd(nameWidth)}  ${check.detail}`;
    return check.fix ? [line, `${' '.repeat(WIDTH + nameWidth + 4)}fix: ${check.fix}`] : [line];
  });
  const count = (status: string) => report.checks.filter((check) => check.status === status).length;
  lines.push(
    '',
    `${report.ok ? 'nothing failed' : `${count('fail')} failed`}, ${count('warn')} warning(s) (${report.tookMs} ms)`,
  );
  return `${lines.join('\n')}\n`;
}
