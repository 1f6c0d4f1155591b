import { applyObjectPatch, isPlainObject, type StreamEssentials } from '@balancer/core';

/**
 * The stream's essentials rebuilt from its events (core's api/stream.ts): the `essentials` event
 * gives them whole with their number, each `essentials-patch` what changed since the number `base`.
 * The app sees whole essentials each time, exactly as the server built them.
 */
export interface EssentialsFollower {
  /** The `essentials` event: `{seq, essentials}`. */
  whole(event: unknown): void;
  /** The `essentials-patch` event: `{seq, base, set?, unset?}`. */
  patch(event: unknown): void;
  /** The connection dropped: the next essentials come whole (the server sends them on connect). */
  reset(): void;
}

const isSeq = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/**
 * Follows the stream: `onEssentials` gets the essentials after each event; when a patch does not
 * follow on from the number held (one was missed, or none is held), it is dropped and `askWhole`
 * is called, once until the essentials come whole again.
 */
export function followEssentials(
  onEssentials: (essentials: StreamEssentials) => void,
  askWhole: () => void,
): EssentialsFollower {
  let held: { seq: number; essentials: StreamEssentials } | null = null;
  let asked = false;
  return {
    whole(event) {
      if (!isPlainObject(event) || !isSeq(event.seq) || !isPlainObject(event.essentials)) return;
      held = { seq: event.seq, essentials: event.essentials as StreamEssentials };
      asked = false;
      onEssentials(held.essentials);
    },
    patch(event) {
      if (!isPlainObject(event) || !isSeq(event.seq)) return;
      if (!held || event.base !== held.seq) {
        held = null;
        if (!asked) askWhole();
        asked = true;
        return;
      }
      const set = isPlainObject(event.set) ? event.set : undefined;
      const unset = Array.isArray(event.unset) ? (event.unset as string[][]) : undefined;
      held = { seq: event.seq, essentials: applyObjectPatch(held.essentials, { set, unset }) };
      onEssentials(held.essentials);
    },
    reset() {
      held = null;
      asked = false;
    },
  };
}
