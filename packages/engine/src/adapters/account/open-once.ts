/**
 * Memoizes an async opener: the first success is kept and shared by every caller; a failure
 * (store unreachable, bad saved state) is not kept, so the next call tries again.
 */
export function openOnce<T>(open: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= open().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
