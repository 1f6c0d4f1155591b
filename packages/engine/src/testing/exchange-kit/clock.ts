/**
 * A stand-in's clock: epoch ms from `base` (default Date.now) plus a skew the tests set, so a
 * client whose clock is right looks early or late to the server (the clock-skew fault).
 */
export interface KitClock {
  now(): number;
  /** Moves the server's clock by `ms` (positive: the server runs ahead of the client). */
  skew(ms: number): void;
}

export function createClock(base: () => number = () => Date.now()): KitClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    skew(ms) {
      offset = ms;
    },
  };
}
