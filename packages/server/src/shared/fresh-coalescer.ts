/**
 * Shares one `load(key)` among callers without ever answering one of them with a result older than
 * its call: a caller that finds a load of its key in flight does not join it (it may have started
 * before a write the caller has seen) but waits for it to end and shares the next one, which every
 * caller that arrived meanwhile shares too. So N concurrent callers cost at most two loads, and
 * nothing needs invalidating: each answer was read after its caller asked.
 */
export function freshCoalescer<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const flights = new Map<K, { current: Promise<V>; queued: Promise<V> | null }>();
  const start = (key: K): Promise<V> => {
    const current = Promise.resolve().then(() => load(key));
    const flight = { current, queued: null as Promise<V> | null };
    flights.set(key, flight);
    const settle = () => {
      // A queued load replaces this flight when it starts; otherwise the key is done.
      if (flights.get(key) === flight && flight.queued === null) flights.delete(key);
    };
    current.then(settle, settle);
    return current;
  };
  return (key) => {
    const flight = flights.get(key);
    if (!flight) return start(key);
    const ignore = () => undefined;
    flight.queued ??= flight.current.then(ignore, ignore).then(() => start(key));
    return flight.queued;
  };
}
