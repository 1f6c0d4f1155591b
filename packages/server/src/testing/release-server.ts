import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** What the stand-in answers with: a manifest (any JSON), an HTTP error, broken JSON, or nothing at all. */
export type ReleaseAnswer =
  | { kind: 'manifest'; body: unknown }
  | { kind: 'status'; status: 404 | 500 }
  | { kind: 'not-json' }
  | { kind: 'hang' };

export interface ReleaseServer {
  /** The manifest's URL, for UPDATE_SOURCE_URL. */
  url: string;
  /** What the next requests get. */
  answer(next: ReleaseAnswer): void;
  /** Requests served so far. */
  readonly requests: number;
  close(): Promise<void>;
}

/**
 * A local stand-in for the project's public releases on 127.0.0.1 (tests never reach the
 * internet): serves `/release.json` as told. Hanging requests are released on close.
 */
export async function startReleaseServer(
  initial: ReleaseAnswer = { kind: 'status', status: 404 },
): Promise<ReleaseServer> {
  let current = initial;
  let requests = 0;
  const hanging = new Set<ServerResponse>();
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    requests += 1;
    if (request.url !== '/release.json') {
      response.writeHead(404).end();
      return;
    }
    if (current.kind === 'hang') {
      hanging.add(response);
      response.once('close', () => hanging.delete(response));
      return;
    }
    if (current.kind === 'status') {
      response.writeHead(current.status, { 'content-type': 'text/plain' }).end('no');
      return;
    }
    const text = current.kind === 'not-json' ? '{"api": {' : JSON.stringify(current.body);
    response.writeHead(200, { 'content-type': 'application/json' }).end(text);
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/release.json`,
    answer: (next) => {
      current = next;
    },
    get requests() {
      return requests;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
