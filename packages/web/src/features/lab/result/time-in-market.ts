import { Decimal } from '@balancer/core';
import type { LabFill, LabPosition } from '../report';

/** A span of time, ms: from included, to excluded. */
export interface Span {
  from: number;
  to: number;
}

/**
 * The share (0–1) of [start, end) covered by the spans (overlaps counted once, parts outside the
 * period cut off); 0 for an empty period.
 */
export function coveredShare(spans: readonly Span[], start: number, end: number): number {
  if (end <= start) return 0;
  const cut = spans
    .map((span) => ({ from: Math.max(span.from, start), to: Math.min(span.to, end) }))
    .filter((span) => span.to > span.from)
    .sort((a, b) => a.from - b.from);
  let covered = 0;
  let reach = start;
  for (const span of cut) {
    const from = Math.max(span.from, reach);
    if (span.to > from) covered += span.to - from;
    reach = Math.max(reach, span.to);
  }
  return covered / (end - start);
}

/** The strategy's time in market: its positions from open to close (an open one to the end). */
export function positionsTimeInMarket(positions: readonly LabPosition[], start: number, end: number): number {
  return coveredShare(
    positions.map((position) => ({ from: position.open, to: position.close ?? end })),
    start,
    end,
  );
}

/**
 * A baseline's time in market from its fills: holding BTC from a buy until the sells bring the
 * amount held back to zero (exact decimal sums).
 */
export function fillsTimeInMarket(fills: readonly LabFill[], start: number, end: number): number {
  const spans: Span[] = [];
  let held = new Decimal(0);
  let since: number | null = null;
  for (const fill of [...fills].sort((a, b) => a.timeMs - b.timeMs)) {
    held = fill.side === 'BUY' ? held.plus(fill.amount) : held.minus(fill.amount);
    if (held.gt(0) && since === null) since = fill.timeMs;
    if (held.lte(0) && since !== null) {
      spans.push({ from: since, to: fill.timeMs });
      since = null;
    }
  }
  if (since !== null) spans.push({ from: since, to: end });
  return coveredShare(spans, start, end);
}
