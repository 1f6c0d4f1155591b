import { diffObjects, type JsonObject, type StreamEssentials } from '@balancer/core';
import { describe, expect, it, vi } from 'vitest';
import { positionFixture } from '../testing/trading-fixtures';
import { essentials, series, streamUpdate } from './fixtures';
import { applyStreamEssentials } from './merge';
import { followEssentials } from './stream-follow';

// The server's side of the contract (features/engine/stream.ts): essentials whole, then patches.
const patchOf = (seq: number, from: StreamEssentials, to: StreamEssentials) => ({
  seq,
  base: seq - 1,
  ...diffObjects(from as unknown as JsonObject, to as unknown as JsonObject),
});

// Three ticks as the server builds them: a new candle, a position opened, counts and plan changed.
const first = streamUpdate(
  series([
    [1, 10, 12, 9, 11],
    [2, 11, 13, 10, 12],
  ]),
);
const second = streamUpdate(
  series([
    [2, 11, 13, 10, 12],
    [3, 12, 14, 11, 13],
  ]),
  { time: 5_000, position: positionFixture() },
);
const third: StreamEssentials = {
  ...second,
  time: 8_000,
  unreadNotifications: 4,
  position: null,
  marketState: { ...second.marketState, reversalState: undefined },
};

describe('followEssentials (the stream rebuilt from its patches)', () => {
  it('gives the app each tick whole, equal to what the server built', () => {
    const seen: StreamEssentials[] = [];
    const askWhole = vi.fn();
    const follower = followEssentials((e) => seen.push(e), askWhole);
    follower.whole({ seq: 7, essentials: first });
    follower.patch(patchOf(8, first, second));
    follower.patch(patchOf(9, second, third));
    expect(seen).toEqual([first, second, third]);
    expect(askWhole).not.toHaveBeenCalled();
  });

  it('shows the screens what the whole events showed: the same merged essentials', () => {
    const viaPatches: StreamEssentials[] = [];
    const follower = followEssentials(
      (e) => viaPatches.push(e),
      () => {},
    );
    follower.whole({ seq: 1, essentials: first });
    follower.patch(patchOf(2, first, second));
    follower.patch(patchOf(3, second, third));
    const merge = (updates: StreamEssentials[]) =>
      updates.reduce(
        (state, update) => applyStreamEssentials(state, update),
        essentials() as ReturnType<typeof applyStreamEssentials>,
      );
    expect(merge(viaPatches)).toEqual(merge([first, second, third]));
  });

  it('asks for the essentials whole, once, when a patch does not follow on, and ignores patches until then', () => {
    const seen: StreamEssentials[] = [];
    const askWhole = vi.fn();
    const follower = followEssentials((e) => seen.push(e), askWhole);
    follower.whole({ seq: 1, essentials: first });
    // Number 2 was missed.
    follower.patch(patchOf(3, second, third));
    follower.patch(patchOf(4, third, third));
    expect(askWhole).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([first]);
    follower.whole({ seq: 4, essentials: third });
    follower.patch(patchOf(5, third, second));
    expect(seen).toEqual([first, third, second]);
  });

  it('holds nothing after the connection dropped: a patch then asks for the essentials whole', () => {
    const askWhole = vi.fn();
    const onEssentials = vi.fn();
    const follower = followEssentials(onEssentials, askWhole);
    follower.patch(patchOf(1, first, second));
    expect(askWhole).toHaveBeenCalledTimes(1);
    follower.whole({ seq: 1, essentials: first });
    follower.reset();
    follower.patch(patchOf(2, first, second));
    expect(askWhole).toHaveBeenCalledTimes(2);
    expect(onEssentials).toHaveBeenCalledTimes(1);
  });

  it('ignores malformed events', () => {
    const onEssentials = vi.fn();
    const follower = followEssentials(onEssentials, () => {});
    follower.whole(null);
    follower.whole({ seq: -1, essentials: first });
    follower.whole({ seq: 1 });
    follower.patch('2');
    follower.patch({ base: 1 });
    expect(onEssentials).not.toHaveBeenCalled();
  });
});
