import type { CodedError } from '@balancer/core';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` → ms at 00:00 UTC, or `invalid` naming the input. */
export function parseDay(value: string, name: string, invalid: (detail: string) => CodedError): number {
  const match = DATE.exec(value);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw invalid(`${name} must be a date YYYY-MM-DD, got "${value}"`);
  }
  return ms;
}
