import { describe, expect, it } from 'vitest';
import { positionFixture } from '../testing/trading-fixtures';
import { essentials, marketState, series, streamUpdate } from './fixtures';
import { applyStreamEssentials, mergeFullEssentials, syncWindow, withUnreadCounts } from './merge';

describe('syncWindow (price window sync)', () => {
  const window = series([
    [1, 10, 12, 9, 11],
    [2, 11, 13, 10, 12],
    [3, 12, 14, 11, 13],
  ]);

  it('same last id: updates the last candle’s high, low and close only', () => {
    const next = syncWindow(
      window,
      series([
        [2, 11, 13, 10, 12],
        [3, 99, 15, 8, 14],
      ]),
    );
    expect(next).toEqual(
      series([
        [1, 10, 12, 9, 11],
        [2, 11, 13, 10, 12],
        [3, 12, 15, 8, 14],
      ]),
    );
  });

  it('new last id: drops the oldest, finalises the previous last from the second-to-last, appends', () => {
    const next = syncWindow(
      window,
      series([
        [3, 12, 16, 7, 15],
        [4, 15, 15, 15, 15],
      ]),
    );
    expect(next).toEqual(
      series([
        [2, 11, 13, 10, 12],
        [3, 12, 16, 7, 15],
        [4, 15, 15, 15, 15],
      ]),
    );
    expect(next.id).toHaveLength(3); // the window keeps its size: one dropped, one appended
  });

  it('leaves the previous window untouched (a pure function)', () => {
    const before = structuredClone(window);
    syncWindow(
      window,
      series([
        [3, 12, 16, 7, 15],
        [4, 15, 15, 15, 15],
      ]),
    );
    expect(window).toEqual(before);
  });

  it('ignores an older or empty incoming window; takes the incoming one when ours is empty', () => {
    expect(
      syncWindow(
        window,
        series([
          [1, 0, 0, 0, 0],
          [2, 0, 0, 0, 0],
        ]),
      ),
    ).toBe(window);
    expect(syncWindow(window, series([]))).toBe(window);
    const incoming = series([[5, 1, 1, 1, 1]]);
    expect(syncWindow(series([]), incoming)).toBe(incoming);
  });
});

describe('mergeFullEssentials (essentials update)', () => {
  it('ignores incoming essentials without a numeric serverTime', () => {
    const previous = essentials();
    expect(mergeFullEssentials(previous, { ...essentials(), serverTime: '5' })).toBe(previous);
    expect(mergeFullEssentials(previous, { ...essentials(), serverTime: undefined })).toBe(previous);
    expect(mergeFullEssentials(previous, null)).toBe(previous);
    expect(mergeFullEssentials(undefined, { price: '1' })).toBeUndefined();
  });

  it('takes the first essentials whole', () => {
    const first = essentials();
    expect(mergeFullEssentials(undefined, first)).toBe(first);
  });

  it('takes version, user and exchangeConfig from the incoming; keeps counts and market state', () => {
    const previous = essentials({ unreadNotifications: 3, unreadAPIErrors: 2, price: '13' });
    const incoming = essentials({
      serverTime: 9_000,
      version: { ...previous.version, updateAvailable: 'BOTH' },
      user: { id: '1', nickname: 'root', authority: 4 },
      exchangeConfig: { ...previous.exchangeConfig, mode: 'standby' },
      unreadNotifications: 0,
      unreadAPIErrors: 0,
      marketState: marketState(series([[7, 1, 1, 1, 1]])),
      price: '1',
    });
    const merged = mergeFullEssentials(previous, incoming);
    expect(merged).toEqual({
      ...previous,
      serverTime: 9_000,
      version: incoming.version,
      user: incoming.user,
      exchangeConfig: incoming.exchangeConfig,
    });
  });

  it('takes the incoming market state while the previous has none (before the first tick)', () => {
    const previous = essentials({ marketState: null, price: null });
    const incoming = essentials({ serverTime: 2_000, price: '13' });
    expect(mergeFullEssentials(previous, incoming)).toEqual(incoming);
  });
});

describe('applyStreamEssentials', () => {
  it('takes counts, price, position, plan and mode; syncs the window', () => {
    const previous = essentials();
    const update = streamUpdate(
      series([
        [3, 12, 16, 7, 15],
        [4, 15, 15, 15, 15],
      ]),
      {
        unreadNotifications: 4,
        unreadAPIErrors: 10,
        mode: 'backing-off',
        position: positionFixture({ id: 7 }),
      },
    );
    const next = applyStreamEssentials(previous, update);
    expect(next?.unreadNotifications).toBe(4);
    expect(next?.unreadAPIErrors).toBe(10);
    expect(next?.price).toBe('15');
    expect(next?.position).toEqual(positionFixture({ id: 7 }));
    expect(next?.exchangeConfig.mode).toBe('backing-off');
    expect(next?.marketState?.liquidityState.bidDominance).toBe(60);
    expect(next?.marketState?.windowState.window).toEqual(
      series([
        [2, 11, 13, 10, 12],
        [3, 12, 16, 7, 15],
        [4, 15, 15, 15, 15],
      ]),
    );
    expect(next?.user).toBe(previous.user);
    expect(next?.version).toBe(previous.version);
  });

  it('is ignored before the full essentials and when malformed', () => {
    const update = streamUpdate(series([[1, 1, 1, 1, 1]]));
    expect(applyStreamEssentials(undefined, update)).toBeUndefined();
    const previous = essentials();
    expect(applyStreamEssentials(previous, { unreadNotifications: 1 })).toBe(previous);
    expect(applyStreamEssentials(previous, 'tick')).toBe(previous);
  });

  it('takes the stream’s market state when there was none', () => {
    const update = streamUpdate(series([[1, 1, 2, 0, 1]]));
    const next = applyStreamEssentials(essentials({ marketState: null }), update);
    expect(next?.marketState).toBe(update.marketState);
  });
});

describe('withUnreadCounts', () => {
  it('sets the counts given, and nothing before the essentials are known', () => {
    expect(
      withUnreadCounts(essentials({ unreadNotifications: 5 }), { unreadNotifications: 0 }),
    ).toMatchObject({
      unreadNotifications: 0,
    });
    expect(withUnreadCounts(undefined, { unreadNotifications: 0 })).toBeUndefined();
  });
});
