/** Small helpers to draw the report's charts as inline SVG (no libraries, no external assets). */

/** Escapes text for HTML/SVG content and attribute values. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plot area inside an SVG of `width` × `height`. */
export interface Box {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const CHART_BOX: Box = { width: 1100, height: 360, left: 70, right: 16, top: 16, bottom: 28 };

/** Maps [d0, d1] linearly onto [r0, r1] (a flat domain maps to the middle). */
export function linear(d0: number, d1: number, r0: number, r1: number): (value: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2;
  const k = (r1 - r0) / (d1 - d0);
  return (value) => r0 + (value - d0) * k;
}

/** About `count` round tick values (steps of 1, 2 or 5 × 10^k) covering [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let value = Math.ceil(min / step) * step; value <= max + step * 1e-9; value += step) {
    ticks.push(Math.round(value / step) * step);
  }
  return ticks;
}

/** `YYYY-MM-DD` of a time in ms (UTC). */
export function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A number with thousands separators and `digits` decimals. */
export function num(value: number, digits = 2): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Grid lines and labels for the given x (index-based) and y ticks. */
export function axes(
  box: Box,
  x: { at: number; label: string }[],
  y: { at: number; label: string }[],
): string {
  const right = box.width - box.right;
  const bottom = box.height - box.bottom;
  const parts: string[] = [];
  for (const tick of y) {
    parts.push(
      `<line x1="${box.left}" x2="${right}" y1="${tick.at.toFixed(1)}" y2="${tick.at.toFixed(1)}" class="grid"/>`,
      `<text x="${box.left - 6}" y="${(tick.at + 4).toFixed(1)}" text-anchor="end">${esc(tick.label)}</text>`,
    );
  }
  for (const tick of x) {
    parts.push(
      `<line x1="${tick.at.toFixed(1)}" x2="${tick.at.toFixed(1)}" y1="${box.top}" y2="${bottom}" class="grid"/>`,
      `<text x="${tick.at.toFixed(1)}" y="${bottom + 18}" text-anchor="middle">${esc(tick.label)}</text>`,
    );
  }
  parts.push(
    `<rect x="${box.left}" y="${box.top}" width="${right - box.left}" height="${bottom - box.top}" class="frame"/>`,
  );
  return parts.join('');
}

/** About `count` evenly spaced date ticks over bucket indices 0…n−1. */
export function dateTicks(
  times: number[],
  x: (index: number) => number,
  count = 7,
): { at: number; label: string }[] {
  if (times.length === 0) return [];
  const step = Math.max(1, Math.round(times.length / count));
  const ticks: { at: number; label: string }[] = [];
  for (let i = 0; i < times.length; i += step) ticks.push({ at: x(i), label: day(times[i]!) });
  return ticks;
}

/** An SVG path through points (x, y), 1 dp. */
export function path(points: [number, number][]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`).join('');
}

/** Wraps chart content in an <svg> with a title for screen readers. */
export function svg(box: Box, title: string, content: string): string {
  return (
    `<svg viewBox="0 0 ${box.width} ${box.height}" role="img" aria-label="${esc(title)}" ` +
    `xmlns="http://www.w3.org/2000/svg"><title>${esc(title)}</title>${content}</svg>`
  );
}
