/**
 * Where a simulated account (simulator or paper) keeps its state between process runs. The
 * server implements it on its runtime table; the adapter owns the format (a versioned JSON
 * value, validated on load) and the store only keeps it.
 *
 * Invariants the adapters rely on: `save` resolves only once the state is durable (a kill -9
 * right after it loses nothing), and `load` returns the last saved value or null when nothing
 * was ever saved. A rejected `save` means the state was not stored; the adapter then undoes
 * the order it was saving.
 */
export interface AccountStateStore {
  load(): Promise<unknown | null>;
  save(state: unknown): Promise<void>;
}

/**
 * An in-process store (tests, demos): keeps a deep copy, so later changes to the saved object
 * never leak into it, exactly like a round trip through a database.
 */
export function memoryAccountStateStore(initial: unknown | null = null): AccountStateStore & {
  /** The stored value (a copy), for assertions. */
  current(): unknown | null;
  /** How many times `save` succeeded. */
  saves(): number;
} {
  let stored = initial === null ? null : structuredClone(initial);
  let count = 0;
  return {
    async load() {
      return stored === null ? null : structuredClone(stored);
    },
    async save(state) {
      stored = structuredClone(state);
      count += 1;
    },
    current: () => (stored === null ? null : structuredClone(stored)),
    saves: () => count,
  };
}
