import { describe, expect, it } from 'vitest';
import type { ClusterBusMessage, RealtimeServer } from '../realtime/socket.js';
import { capturingLogger } from '../testing/capturing-logger.js';
import { SocketBus } from './socket-bus.js';

/** The Socket.IO server as the bus uses it: server-side events out, and the handler of those in. */
function serverStandIn() {
  const sent: ClusterBusMessage[] = [];
  let receive: (message: ClusterBusMessage) => void = () => {};
  const io = {
    on: (_event: string, handler: (message: ClusterBusMessage) => void) => {
      receive = handler;
    },
    serverSideEmit: (_event: string, message: ClusterBusMessage) => sent.push(message),
  } as unknown as RealtimeServer;
  return { io, sent, deliver: (message: unknown) => receive(message as ClusterBusMessage) };
}

describe('the cluster bus over the adapter', () => {
  it('sends nothing before it is connected or while the adapter cannot send, then names itself', () => {
    const bus = new SocketBus('api-1', capturingLogger().logger);
    const server = serverStandIn();
    bus.publish('early', 1);
    let ready = false;
    bus.connect(server.io, () => ready);
    bus.publish('down', 2);
    ready = true;
    bus.publish('up', { n: 3 });
    bus.disconnect();
    bus.publish('after', 4);
    expect(server.sent).toEqual([{ topic: 'up', payload: { n: 3 }, from: 'api-1' }]);
  });

  it('hands each message to the subscribers of its topic; a throwing one is logged, the others still run', () => {
    const { logger, lines } = capturingLogger();
    const bus = new SocketBus('api-1', logger);
    const server = serverStandIn();
    const got: Array<[unknown, string]> = [];
    bus.subscribe('t', () => {
      throw new Error('subscriber bug');
    });
    const stop = bus.subscribe('t', (payload, from) => got.push([payload, from]));
    bus.subscribe('other', () => got.push(['wrong topic', '']));
    bus.connect(server.io, () => true);
    server.deliver({ topic: 't', payload: [1, 'a'], from: 'api-2' });
    server.deliver({ topic: 't', payload: 'no sender' }); // not a bus message: ignored
    stop();
    server.deliver({ topic: 't', payload: 'after unsubscribe', from: 'api-2' });
    expect(got).toEqual([[[1, 'a'], 'api-2']]);
    expect(lines.filter((line) => line.includes('a subscriber threw'))).toHaveLength(2);
  });
});
