/** One titled part of a large info dialog: paragraphs, then an optional list. */
export interface TopicSection {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

/** The body of an info topic: the small dialog shows `summary`, the large one adds `sections`. */
export interface TopicBody {
  summary: readonly string[];
  sections: readonly TopicSection[];
}

/** Signed percentage for the text, e.g. 0.85 → "+0.85 %", -3 → "−3 %" (plain numbers, not money). */
export function signedPercent(value: number): string {
  if (value < 0) return `−${-value} %`;
  return `+${value} %`;
}
