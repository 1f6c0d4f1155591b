import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CodedError } from '@balancer/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './envelope.js';

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && /text\/html/.test(request.headers.accept ?? '')
  );
}

/** The page's marker the client reads to call the API on its own origin (web: lib/api/base-url.ts). */
const API_MARKER = '<meta name="balancer-api" content="" />';

/**
 * index.html as this server sends it: marked so the client knows the server that sent the page
 * also answers the API (a GUI hosted elsewhere keeps the empty marker and derives the API's host).
 */
function markedIndex(file: string): Buffer {
  const html = readFileSync(file, 'utf8');
  return Buffer.from(html.replace(API_MARKER, '<meta name="balancer-api" content="same-origin" />'));
}

/**
 * Serves the built web app and answers unknown routes: a browser navigating to a client route
 * gets index.html (the client router shows the page or its not-found page); anything else gets
 * a 404 with the envelope (ROUTE_NOT_FOUND).
 */
export async function useWebHost(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? markedIndex(indexFile) : null;
  if (webRoot && indexHtml) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of its text assets: send the one the client accepts.
      preCompressed: true,
      // index.html always goes out marked (below), never as the file on disk.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { config: { beforeReady: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml),
    );
  } else {
    app.log.warn('the web app is not built (packages/web/dist): serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    // The service worker precaches /index.html with a plain fetch (no text/html Accept).
    if (indexHtml && (wantsPage(request) || request.url === '/index.html')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    const path = request.url.split('?')[0]?.slice(0, 200);
    return sendError(reply, new CodedError('ROUTE_NOT_FOUND', `${request.method} ${path}`));
  });
}
