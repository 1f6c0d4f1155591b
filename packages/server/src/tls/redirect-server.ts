import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { CodedError } from '@balancer/core';
import type { ChallengeResponder } from './certificate-source.js';
import { challengeToken, hostName, httpsLocation, redirectHost } from './redirect.js';

export interface RedirectOptions {
  /** The HTTPS port redirects point at. */
  httpsPort: number;
  /**
   * The names a redirect may point at, read per request: the configured one first, then the
   * certificate's (it may be renewed with other names). See redirectHost.
   */
  names: () => readonly string[];
  /** ACME HTTP-01: the key authorization for a token (h18-acme's source), if any. */
  challenges?: ChallengeResponder;
}

function answer(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(body);
}

/**
 * One plain-HTTP request: an ACME challenge answer, else a 301 to the same path on HTTPS, on the
 * request's host when the configuration or the certificate names it, else on the primary name.
 */
export function redirectHandler(options: RedirectOptions) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const url = request.url ?? '/';
    const token = challengeToken(url.split('?')[0] ?? url);
    if (token !== null) {
      const keyAuthorization = options.challenges?.(token);
      if (keyAuthorization === undefined) answer(response, 404, 'unknown challenge');
      else answer(response, 200, keyAuthorization);
      return;
    }
    const host = redirectHost(hostName(request.headers.host), options.names());
    if (host === null) {
      // Only while starting (before the certificate's names are known), or with wildcards only.
      answer(response, 503, 'this port redirects to HTTPS for the names of its certificate, none known yet', {
        'retry-after': '5',
      });
      return;
    }
    const location = httpsLocation(host, options.httpsPort, url);
    answer(response, 301, `moved to ${location}`, { location });
  };
}

/** Opens HTTP_PORT with the redirect handler; rejects with 8830 when the port cannot be opened. */
export async function listenRedirect(port: number, host: string, options: RedirectOptions): Promise<Server> {
  const server = createServer(redirectHandler(options));
  // Idle keep-alive connections must not hold the stop up.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new CodedError('TLS_LISTEN_FAILED', `${host}:${port}: ${error.code ?? error.message}`, {
          cause: error,
        }),
      ),
    );
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** Closes the redirect listener, its idle and open connections included. */
export async function closeRedirect(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}
