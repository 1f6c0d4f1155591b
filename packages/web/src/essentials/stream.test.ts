import { describe, expect, it } from 'vitest';
import { socketStatus } from './stream';

const socket = (connected: boolean, active: boolean, transport?: string) => ({
  connected,
  active,
  io: { engine: transport ? { transport: { name: transport } } : undefined },
});

describe('socketStatus', () => {
  it('is "connecting" while the first attempt is under way (active, never connected, no failure yet)', () => {
    expect(socketStatus(socket(false, true), null, false)).toEqual({
      state: 'connecting',
      transport: null,
      error: null,
    });
  });

  it('is "reconnecting" once an attempt failed or the connection dropped', () => {
    expect(socketStatus(socket(false, true), 'websocket error', true)).toEqual({
      state: 'reconnecting',
      transport: null,
      error: 'websocket error',
    });
  });

  it('names the transport when connected, and "none" when the socket gave up', () => {
    expect(socketStatus(socket(true, true, 'websocket'), null, true).state).toBe('websocket');
    expect(socketStatus(socket(true, true, 'polling'), null, true)).toEqual({
      state: 'other',
      transport: 'polling',
      error: null,
    });
    expect(socketStatus(socket(false, false), 'refused', true).state).toBe('none');
  });
});
