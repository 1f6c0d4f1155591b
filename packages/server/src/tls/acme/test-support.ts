import { createServer } from 'node:http';
import type { ChallengeResponder } from '../certificate-source.js';

/**
 * A plain-HTTP listener answering /.well-known/acme-challenge/<token> from the responder set
 * now, for the ACME source's tests before it runs inside the platform (which has its own).
 * `answering = false` makes it answer 404, as a closed port 80 would fail validation.
 */
export async function startChallengeListener(port: number) {
  let responder: ChallengeResponder = () => undefined;
  let answering = true;
  let served = 0;
  const server = createServer((request, response) => {
    const token = /^\/\.well-known\/acme-challenge\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const answer = answering && token ? responder(token) : undefined;
    if (answer === undefined) {
      response.writeHead(404).end();
      return;
    }
    served += 1;
    response.writeHead(200, { 'content-type': 'text/plain' }).end(answer);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    use(next: ChallengeResponder): void {
      responder = next;
    },
    set answering(value: boolean) {
      answering = value;
    },
    get served(): number {
      return served;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
