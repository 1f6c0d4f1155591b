import type { LabFill, LabPosition } from '../report';

/**
 * The strategy's fills of each position, in the positions' order: a fill belongs to the position
 * open at its time (from its open to its close, both included; an open one to the end).
 */
export function tradesByPosition(positions: readonly LabPosition[], fills: readonly LabFill[]): LabFill[][] {
  const sorted = [...fills].sort((a, b) => a.timeMs - b.timeMs);
  return positions.map((position) =>
    sorted.filter(
      (fill) => fill.timeMs >= position.open && (position.close === null || fill.timeMs <= position.close),
    ),
  );
}
