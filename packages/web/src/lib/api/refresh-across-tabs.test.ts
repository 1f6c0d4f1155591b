import { describe, expect, it } from 'vitest';
import { envelope, failure, jsonResponse } from '../../testing/fake-fetch';
import { ApiClient } from './client';
import { type RefreshChannel, type RefreshLocks, refreshAcrossTabs } from './refresh-across-tabs';
import { TokenStore } from './token-store';

/**
 * The browser's cookie jar and a server that rotates the refresh cookie with no grace at all:
 * a cookie presented after it was rotated ends the session. The cookie is read when a request
 * leaves and replaced when its answer arrives, a few milliseconds later, as in a browser.
 */
function strictServer() {
  const state = { cookie: 'cookie-0', rotations: 0, ended: false };
  const rotated = new Set<string>();
  const fetch = async (): Promise<Response> => {
    const presented = state.cookie;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (state.ended || presented !== state.cookie) {
      if (rotated.has(presented)) state.ended = true;
      return jsonResponse(failure('No session to refresh{(4750)}'));
    }
    rotated.add(presented);
    state.rotations++;
    state.cookie = `cookie-${state.rotations}`;
    return jsonResponse(envelope(`access-${state.rotations}`));
  };
  return { state, fetch: fetch as typeof globalThis.fetch };
}

/** One lock shared by the tabs, granted in turn (as navigator.locks does for one name). */
function sharedLocks(): RefreshLocks {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: <T>(_name: string, callback: () => Promise<T>) => {
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** A BroadcastChannel per tab: a message reaches every other tab, promptly or never. */
function channels(delivery: 'prompt' | 'never') {
  const tabs: Array<Array<(event: MessageEvent) => void>> = [];
  return (): RefreshChannel => {
    const mine: Array<(event: MessageEvent) => void> = [];
    tabs.push(mine);
    return {
      addEventListener: (_type, listener) => void mine.push(listener),
      postMessage: (data) => {
        if (delivery === 'never') return;
        for (const listeners of tabs.filter((tab) => tab !== mine))
          for (const listener of listeners)
            queueMicrotask(() => listener(new MessageEvent('message', { data })));
      },
    };
  };
}

function twoTabs(delivery: 'prompt' | 'never', locks: RefreshLocks | undefined = sharedLocks()) {
  const server = strictServer();
  const channel = channels(delivery);
  const tab = () =>
    new ApiClient({
      baseUrl: 'http://127.0.0.1:5075',
      tokens: new TokenStore(),
      fetch: server.fetch,
      coordinate: refreshAcrossTabs({ ...(locks ? { locks } : {}), channel: channel() }),
    });
  return { server: server.state, first: tab(), second: tab() };
}

describe('token renewal across tabs', () => {
  it('rotates the cookie once when two tabs renew at once: the waiting tab takes the announced token', async () => {
    const { server, first, second } = twoTabs('prompt');
    const tokens = await Promise.all([first.refresh(), second.refresh()]);
    expect(tokens).toEqual(['access-1', 'access-1']);
    expect(second.tokens.get()).toBe('access-1');
    expect(server).toEqual({ cookie: 'cookie-1', rotations: 1, ended: false });
  });

  it('rotates in turn, never at once, when the announcement comes late: the session is kept', async () => {
    const { server, first, second } = twoTabs('never');
    const tokens = await Promise.all([first.refresh(), second.refresh()]);
    expect(tokens).toEqual(['access-1', 'access-2']);
    expect(server).toEqual({ cookie: 'cookie-2', rotations: 2, ended: false });
  });

  it('renews itself when no other tab renewed while it waited (an old announcement is not taken)', async () => {
    const { server, first, second } = twoTabs('prompt');
    await first.refresh();
    expect(await second.refresh()).toBe('access-2');
    expect(server.rotations).toBe(2);
  });

  it("renews on its own without Web Locks (not a secure context: the server's grace window covers two at once)", async () => {
    const { server, first } = twoTabs('prompt', undefined);
    expect(await first.refresh()).toBe('access-1');
    expect(server.rotations).toBe(1);
  });
});
