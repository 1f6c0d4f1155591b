import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One POST the webhook stand-in received: the raw body and its signature header. */
export interface ReceivedHook {
  body: string;
  signature: string | undefined;
}

export interface WebhookStandIn {
  /** The URL to put in WEBHOOK_URL (its path holds a token, as chat webhooks' do). */
  url: string;
  received: ReceivedHook[];
  /** The next `times` requests answer 500, or never answer ('hang'). */
  fail(kind: 500 | 'hang', times?: number): void;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 that records what it is sent. */
export async function startWebhookStandIn(): Promise<WebhookStandIn> {
  const received: ReceivedHook[] = [];
  const faults: (500 | 'hang')[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const fault = faults.shift();
      if (fault === 'hang') return;
      if (fault === 500) return response.writeHead(500).end('down');
      const signature = request.headers['x-balancer-signature'];
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: typeof signature === 'string' ? signature : undefined,
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/secret-path-token-8d1e`,
    received,
    fail(kind, times = 1) {
      for (let i = 0; i < times; i++) faults.push(kind);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One message the SMTP stand-in accepted. */
export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  /** The whole message as sent (headers and MIME parts). */
  raw: string;
}

export interface SmtpStandIn {
  /** smtp://user:password@127.0.0.1:<port> (plain, no STARTTLS: a test server). */
  url: string;
  user: string;
  password: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 that requires the login and records every message. */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const user = 'balancer';
  const password = 'smtp-pass-5a7c93';
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    user,
    password,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
