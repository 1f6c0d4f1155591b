/** Every handled API answer has this shape (docs/errors.md); `error` ends with `{(code)}`. */
export type Envelope<T> =
  | { success: true; data: T; error: null }
  | { success: false; data: null; error: string };

export function ok<T>(data: T): Envelope<T> {
  return { success: true, data, error: null };
}

export function fail(codedMessage: string): Envelope<never> {
  return { success: false, data: null, error: codedMessage };
}
