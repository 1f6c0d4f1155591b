import { availableParallelism } from 'node:os';
import { NOTIFICATION_CATEGORIES, type TlsMode } from '@balancer/core';
import { z } from 'zod';
import { smtpUrlProblem, vapidKeyIsValid, webhookUrlProblem } from './channel-settings.js';

/**
 * The one configuration schema. Every key can be set as an environment variable or in the JSON
 * config file (BALANCER_CONFIG); the secret keys can also be read from a file named by
 * `<KEY>_FILE`, and are generated into the data folder when nothing sets them.
 */
const port = z.coerce.number().int('must be a whole number').min(1).max(65535);
const boolText = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A random key of at least 32 bytes, base64/base64url/hex encoded (≥ 43 characters). */
const secret = z
  .string()
  .trim()
  .min(43, 'must be at least 43 characters (32 random bytes, base64)')
  .max(1024, 'must be at most 1024 characters');

/** Exactly 32 bytes in base64 or base64url: the AES-256-GCM key for secrets at rest. */
const encryptionKey = secret.refine(
  (value) => Buffer.from(value, 'base64url').length === 32,
  'must be 32 bytes encoded as base64 (44 characters) or base64url (43 characters)',
);

export const SECRET_KEYS = [
  'JWT_SECRET',
  'COOKIE_SECRET',
  'ENCRYPTION_KEY',
  'PASSWORD_PEPPER',
  'ALTCHA_HMAC_KEY',
  'VAPID_PRIVATE_KEY',
] as const;
export type SecretKey = (typeof SECRET_KEYS)[number];

/** Secrets the operator may set (never generated); masked like the others. */
export const OPTIONAL_SECRET_KEYS = [
  'EXCHANGE_API_KEY',
  'EXCHANGE_API_SECRET',
  'EXCHANGE_API_PASSPHRASE',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_CHAT_ID',
  'SMTP_URL',
  'WEBHOOK_URL',
  'WEBHOOK_SECRET',
] as const;

/** Every key whose value must never be shown or logged. */
export function isSecretKey(key: string): boolean {
  return (
    (SECRET_KEYS as readonly string[]).includes(key) ||
    (OPTIONAL_SECRET_KEYS as readonly string[]).includes(key)
  );
}

/**
 * The stablecoins offered as the quote asset (docs/exchanges.md), plus USD, which Bitfinex, Kraken
 * and Coinbase quote BTC in.
 */
export const QUOTE_ASSETS = ['USDT', 'USDC', 'FDUSD', 'DAI', 'TUSD', 'PYUSD', 'USDD', 'USD', 'EUR'] as const;

/** ccxt ids the exchange settings accept (docs/exchanges.md lists what each supports). */
export const EXCHANGE_IDS = ['binance', 'bitfinex', 'kraken', 'coinbase', 'okx'] as const;

const exchangeSecret = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(512, 'must be at most 512 characters');

const trustProxy = z.union([
  boolText,
  z.coerce.number().int().min(0).max(10),
  z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F.:/, ]+$/, 'must be true, false, a hop count or a comma-separated list of IPs/CIDRs'),
]);

/** Let's Encrypt's production directory (its staging one is in docs/https.md). */
/**
 * LAB_SWEEP_THREADS when unset: the cores but one, at least 1, so that a sweep leaves a core to
 * the engine, the API and the stream (docs/backtesting.md#sweep-jobs).
 */
export function defaultSweepThreads(cores: number = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

export const LETS_ENCRYPT_DIRECTORY = 'https://acme-v02.api.letsencrypt.org/directory';

/** A DNS name (no scheme, port or path), lower-cased. */
const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/,
    'must be a DNS name like bot.example.com (no scheme, port or path)',
  );

/** The Web Push (VAPID) private key: a P-256 scalar, 32 bytes base64url, generated like the others. */
const vapidKey = secret.refine(
  vapidKeyIsValid,
  'must be a P-256 private key: 32 bytes as base64url (43 characters)',
);

/**
 * A comma list of notification categories (or `all` / `none`) routed to one channel; unset, the
 * channel's default (features/notifications/channels/routing.ts).
 */
const categoryList = z
  .string()
  .trim()
  .toLowerCase()
  .transform((text) =>
    text === 'all'
      ? [...NOTIFICATION_CATEGORIES]
      : text === 'none'
        ? []
        : text.split(',').map((part) => part.trim()),
  )
  .pipe(
    z.array(
      z.enum(
        NOTIFICATION_CATEGORIES,
        `must be all, none or a comma list of ${NOTIFICATION_CATEGORIES.join(', ')}`,
      ),
    ),
  );

/** Text checked by `problemOf` (null: fine), whose messages never repeat the value. */
const checkedText = (problemOf: (value: string) => string | null) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = problemOf(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const filePath = z.string().trim().min(1, 'must be a file path');

const configObject = z
  .object({
    /** The port the platform serves on (HTTPS when TLS is on). Default 5075; 443 with PUBLIC_DOMAIN. */
    PORT: port.optional(),
    /** The address to listen on. Default 127.0.0.1; 0.0.0.0 (every interface) when TLS is on. */
    HOST: z.string().trim().min(1).optional(),
    BALANCER_DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /**
     * Redis for what the instances on one database share (docs/cluster.md): the stream's adapter and
     * the shared counters. Unset: PostgreSQL's LISTEN/NOTIFY when DATABASE_URL is set.
     */
    REDIS_URL: z
      .string()
      .trim()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    /**
     * Listen as soon as the process starts, answering 6002 until the database is ready (default), or
     * (`false`) only once it has started (the database, the cluster link, the engine knowing
     * whether it leads: /ready's 200), and stop listening first when stopping: behind a load
     * balancer a starting or stopping instance then refuses connections, and the proxy tries the
     * next one instead of handing a client 6002 (docs/cluster.md).
     */
    LISTEN_BEFORE_READY: boolText.default(true),
    /** This instance's name on the Server screen and in /ready (default `<hostname>:<port>`). */
    INSTANCE_NAME: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1-64 letters, digits, dots, colons, dashes or underscores')
      .optional(),
    GUI_URL: z
      .string()
      .trim()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url('must be a URL like https://balancer.example.com')))
      .default([]),
    /** The built web app the server hosts (default packages/web/dist); empty to serve the API only. */
    WEB_ROOT: z.string().trim().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['pretty', 'json']).default('pretty'),
    TRUST_PROXY: trustProxy.default(false),
    ROOT_NICKNAME: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{2,16}$/, 'must be 2–16 letters, digits, "-", "." or "_"')
      .default('root'),
    /**
     * Where orders go: `simulator` (the default: a replay of the real candles shipped in the repo,
     * fills simulated), `paper` (live market data from EXCHANGE, fills simulated) or `live`.
     */
    EXCHANGE_MODE: z.enum(['simulator', 'paper', 'live']).default('simulator'),
    EXCHANGE: z.enum(EXCHANGE_IDS).default('binance'),
    QUOTE_ASSET: z.enum(QUOTE_ASSETS).default('USDT'),
    /**
     * Simulator replay speed: market ms per wall ms (60 = one 15 m candle every 15 s). At most
     * 240 (one candle per 3.75 s): faster, more than one candle would close between 3 s ticks and
     * every tick would refetch the whole window (the window must hold consecutive candles).
     */
    /** Backtest jobs (the API's lab) running at once, each in its own worker thread (one core each). */
    LAB_JOB_CONCURRENCY: z.coerce
      .number()
      .int('must be a whole number')
      .min(1)
      .max(8, 'must be at most 8')
      .default(1),
    /**
     * Worker threads one parameter sweep job runs on at most (never more than the cores); unset,
     * the cores but one (defaultSweepThreads).
     */
    LAB_SWEEP_THREADS: z.coerce
      .number()
      .int('must be a whole number')
      .min(1)
      .max(64, 'must be at most 64')
      .default(() => defaultSweepThreads()),
    SIMULATOR_SPEED: z.coerce
      .number()
      .positive()
      .max(240, 'must be at most 240 (one 15 m candle per 3.75 s)')
      .default(60),
    /**
     * Simulator: the open time (UTC) of the shipped file's candle the replay starts at on the first
     * start, e.g. `2025-11-07T08:00Z`; unset, the engine's SIMULATOR_DEFAULT_START (a crash, a buy
     * and a sell within the first 10 minutes at 60×). Read with the saved first-start time at
     * every start: set it before the first start (the engine refuses a time no candle opens at).
     */
    SIMULATOR_START: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:00(\.000)?)?Z$/, 'must be a UTC time like 2025-11-07T08:00Z')
      .transform((text) => Date.parse(text))
      .pipe(z.number().int('must be a valid UTC time like 2025-11-07T08:00Z'))
      .optional(),
    /** Paper and live: order book, tickers and candles from websocket streams where ccxt has them. */
    EXCHANGE_STREAMS: boolText.default(true),
    /** For tests and private gateways: the exchange's REST base (e.g. a local Binance-compatible server). */
    EXCHANGE_API_URL: z.url('must be a URL like http://127.0.0.1:9000/api/v3').optional(),
    /**
     * The exchange's websocket base, beside EXCHANGE_API_URL (Binance's stand-in:
     * ws://127.0.0.1:PORT/stream/ws). With EXCHANGE_API_URL and without it, market data comes over
     * REST only: streams would reach the real exchange behind the gateway's back.
     */
    EXCHANGE_WS_URL: z
      .url({ protocol: /^wss?$/, error: 'must be a websocket URL like ws://127.0.0.1:9000/stream/ws' })
      .optional(),
    /**
     * The exchange's sandbox (Binance testnet, OKX demo trading, Coinbase sandbox): NOT real money,
     * labelled so in the API and on screen. Refused for an exchange without one.
     */
    EXCHANGE_SANDBOX: boolText.default(false),
    /** ccxt's request throttle in ms per cost unit (a higher API tier, or a local stand-in); default ccxt's. */
    EXCHANGE_RATE_LIMIT_MS: z.coerce.number().int().min(1).max(60_000).optional(),
    /** API key and secret for `live` (better: `npm run cli -- exchange-keys set`, stored encrypted). */
    EXCHANGE_API_KEY: exchangeSecret.optional(),
    EXCHANGE_API_SECRET: exchangeSecret.optional(),
    /** OKX's API passphrase, the third part of its keys (better: `exchange-keys set --passphrase-stdin`). */
    EXCHANGE_API_PASSPHRASE: exchangeSecret.optional(),
    /** Telegram delivery of notifications: both set to deliver, neither to only store them. */
    TELEGRAM_BOT_TOKEN: z
      .string()
      .trim()
      .regex(/^[0-9]{1,20}:[A-Za-z0-9_-]{20,100}$/, 'must look like 123456789:AAH… (from @BotFather)')
      .optional(),
    /** The chat (a user id, a group id like -100…, or @channelname) the bot writes to. */
    TELEGRAM_CHAT_ID: z
      .string()
      .trim()
      .regex(/^(-?[0-9]{1,20}|@[A-Za-z0-9_]{5,32})$/, 'must be a numeric chat id or @channelname')
      .optional(),
    /** The Bot API's base URL (tests point it at a local stand-in). */
    TELEGRAM_API_URL: z
      .url('must be a URL like https://api.telegram.org')
      .default('https://api.telegram.org'),
    /** Which notification categories go to Telegram (default all). */
    TELEGRAM_CATEGORIES: categoryList.optional(),
    /**
     * E-mail delivery: the SMTP server with its login, e.g. smtps://user:pass@mail.example.org:465
     * (or smtp:// with STARTTLS on 587); EMAIL_FROM and EMAIL_TO are set with it.
     */
    SMTP_URL: checkedText(smtpUrlProblem).optional(),
    /** The sender address of notification e-mails. */
    EMAIL_FROM: z.email('must be an e-mail address like balancer@example.org').optional(),
    /** The recipients of notification e-mails: one address or a comma list. */
    EMAIL_TO: z
      .string()
      .trim()
      .transform((text) =>
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.email('must be e-mail addresses separated by commas'))
          .min(1, 'must name a recipient')
          .max(20),
      )
      .optional(),
    /** Which categories go by e-mail (default alarms, security, operations). */
    EMAIL_CATEGORIES: categoryList.optional(),
    /** Webhook delivery: each notification is POSTed as JSON to this http(s) URL, signed with WEBHOOK_SECRET. */
    WEBHOOK_URL: checkedText(webhookUrlProblem).optional(),
    /** The HMAC-SHA256 key of X-Balancer-Signature (at least 16 characters). */
    WEBHOOK_SECRET: z.string().trim().min(16, 'must be at least 16 characters').max(512).optional(),
    /** Which categories go to the webhook (default all). */
    WEBHOOK_CATEGORIES: categoryList.optional(),
    /** Which categories are pushed to the installed app (default trades, positions, alarms, security). */
    PUSH_CATEGORIES: categoryList.optional(),
    /** The VAPID `sub` contact given to push services: mailto: or https: (default from EMAIL_FROM or CONTACT_EMAIL). */
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be mailto:you@example.org or an https:// URL')
      .optional(),
    /**
     * Where the version checker reads the latest release's manifest (docs/platform-update.md);
     * `off` disables the check.
     */
    UPDATE_SOURCE_URL: z.union([z.literal('off'), z.url('must be a URL or off')]).optional(),
    /**
     * The project's repository page on its code host (https://github.com/<owner>/<repo> or a
     * GitHub-style host): the landing's and the app's code links, /issues, /releases and
     * /commit/<sha> hang off it, and the version checker's default source. Unset: no code links.
     */
    SOURCE_CODE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL like https://github.com/owner/balancer' })
      .refine((url) => !/[?#]/.test(url), 'must be the repository page, without ?query or #fragment')
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    /** The address the Contact dialog offers for anything but platform problems. Unset: none shown. */
    CONTACT_EMAIL: z
      .email('must be an e-mail address like contact@example.org')
      // RFC 2606: .invalid never resolves, so such an address can never receive mail.
      .refine(
        (email) => !/\.invalid$/i.test(email),
        'must be an address that can receive mail (not .invalid)',
      )
      .optional(),
    /**
     * `self-signed`: HTTPS with a certificate made once for this machine's names and addresses
     * (for a LAN box); `off`: plain HTTP even if other TLS settings are present is refused. Unset:
     * HTTPS when TLS_CERT_FILE/TLS_KEY_FILE or PUBLIC_DOMAIN is set, else plain HTTP.
     */
    TLS: z.enum(['off', 'self-signed']).optional(),
    /** The operator's certificate chain and key (PEM); reloaded when the files change. */
    TLS_CERT_FILE: filePath.optional(),
    TLS_KEY_FILE: filePath.optional(),
    /** The public DNS name: a certificate is obtained and renewed over ACME (docs/https.md). */
    PUBLIC_DOMAIN: domainName.optional(),
    /** The ACME CA's directory (default Let's Encrypt; staging and test CAs in docs/https.md). */
    ACME_DIRECTORY_URL: z.url('must be an ACME directory URL').default(LETS_ENCRYPT_DIRECTORY),
    /** Optional contact address given to the CA (expiry warnings). */
    ACME_EMAIL: z.email('must be an e-mail address').optional(),
    /**
     * PEM of the CA that signs the ACME server's own HTTPS certificate, trusted besides the
     * system's CAs when talking to ACME_DIRECTORY_URL: for a private CA, or Pebble in tests.
     */
    ACME_CA_FILE: filePath.optional(),
    /**
     * With TLS on: the plain-HTTP port that redirects to HTTPS (and answers ACME HTTP-01
     * challenges). Default 80 with PUBLIC_DOMAIN, else none; 0 turns it off.
     */
    HTTP_PORT: z.coerce.number().int('must be a whole number').min(0).max(65535).optional(),
    JWT_SECRET: secret,
    COOKIE_SECRET: secret,
    ENCRYPTION_KEY: encryptionKey,
    PASSWORD_PEPPER: secret,
    ALTCHA_HMAC_KEY: secret,
    VAPID_PRIVATE_KEY: vapidKey,
  })
  .strict();

/** E-mail needs SMTP_URL, EMAIL_FROM and EMAIL_TO together; the webhook its URL and secret. */
function channelSettingsIssues(
  value: Pick<
    z.output<typeof configObject>,
    'SMTP_URL' | 'EMAIL_FROM' | 'EMAIL_TO' | 'WEBHOOK_URL' | 'WEBHOOK_SECRET'
  >,
  ctx: z.RefinementCtx,
): void {
  const groups: string[][] = [
    ['SMTP_URL', 'EMAIL_FROM', 'EMAIL_TO'],
    ['WEBHOOK_URL', 'WEBHOOK_SECRET'],
  ];
  for (const keys of groups) {
    const set = keys.filter((key) => value[key as keyof typeof value] !== undefined);
    if (set.length === 0 || set.length === keys.length) continue;
    for (const key of keys.filter((k) => !set.includes(k)))
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `must be set as well, since ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} (set ${keys.join(', ')} together, or none)`,
      });
  }
}

/** How the platform serves (the wire contract's enum in core): off, files, self-signed or acme. */
export type { TlsMode };

export const configSchema = configObject
  .superRefine(
    (value, ctx) => {
      // TLS: one way at a time, and both halves of a certificate pair.
      const certFile = value.TLS_CERT_FILE !== undefined;
      if (certFile !== (value.TLS_KEY_FILE !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [certFile ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'],
          message: 'TLS_CERT_FILE and TLS_KEY_FILE are set together (the certificate chain and its key)',
        });
      }
      const ways = [
        certFile && 'TLS_CERT_FILE',
        value.PUBLIC_DOMAIN !== undefined && 'PUBLIC_DOMAIN',
        value.TLS === 'self-signed' && 'TLS=self-signed',
      ].filter((way): way is string => typeof way === 'string');
      if (ways.length > 1 || (value.TLS === 'off' && ways.length > 0)) {
        ctx.addIssue({
          code: 'custom',
          path: ['TLS'],
          message: `choose one way to serve HTTPS, not ${[value.TLS === 'off' ? 'TLS=off' : null, ...ways].filter(Boolean).join(' and ')}`,
        });
      }
      channelSettingsIssues(value, ctx);
      // Telegram needs both or neither: one alone would silently deliver nothing.
      const token = value.TELEGRAM_BOT_TOKEN !== undefined;
      const chat = value.TELEGRAM_CHAT_ID !== undefined;
      if (token === chat) return;
      const [missing, present] = token
        ? ['TELEGRAM_CHAT_ID', 'TELEGRAM_BOT_TOKEN']
        : ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_CHAT_ID'];
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `must be set as well, since ${present} is (set both to send notifications to Telegram, or neither)`,
      });
    },
    // Also when other keys are bad, so that every problem is listed at once.
    { when: () => true },
  )
  .transform((value) => {
    const tls: TlsMode =
      value.TLS_CERT_FILE !== undefined
        ? 'files'
        : value.PUBLIC_DOMAIN !== undefined
          ? 'acme'
          : value.TLS === 'self-signed'
            ? 'self-signed'
            : 'off';
    return {
      ...value,
      TLS: tls,
      PORT: value.PORT ?? (tls === 'acme' ? 443 : 5075),
      HOST: value.HOST ?? (tls === 'off' ? '127.0.0.1' : '0.0.0.0'),
      // 0 = no plain-HTTP listener.
      HTTP_PORT: value.HTTP_PORT ?? (tls === 'acme' ? 80 : 0),
    };
  });

export type Config = z.output<typeof configSchema>;
export type ConfigKey = keyof z.input<typeof configSchema>;
export const CONFIG_KEYS = Object.keys(configObject.shape) as ConfigKey[];
/** One key's own schema (before the cross-key rules), e.g. to read the data folder early. */
export const configKeySchema = configObject.shape;
