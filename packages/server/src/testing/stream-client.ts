import { STREAM_PATH } from '@balancer/core';
import { io as connectClient, type Socket } from 'socket.io-client';
import { REFRESH_COOKIE } from '../features/accounts/refresh-cookie.js';

/** A client of the `/stream/` socket at `url`, signed in by this refresh cookie (websocket, no retries). */
export function streamSocket(url: string, refreshCookie: string): Socket {
  return connectClient(url, {
    path: STREAM_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie: `${REFRESH_COOKIE}=${encodeURIComponent(refreshCookie)}` },
    reconnection: false,
    forceNew: true,
  });
}
