import { CONFIG_KEYS, type Config, collectSettings, configSchema, SECRET_KEYS } from '@balancer/server/ops';

/**
 * The settings file the unit reads (EnvironmentFile): written once, mode 0600 (it may hold
 * DATABASE_URL's password or exchange keys), every key commented out until the operator sets it.
 */
export const SETTINGS_TEMPLATE = `# Balancer settings for the systemd service (README.md, Configuration). One KEY=value a line;
# systemd reads this file as root at each start: after editing, \`systemctl restart balancer\`.
# BALANCER_DATA_DIR is set by the unit itself. Check the result with \`npm run cli -- doctor\`.

# HTTPS: one of these (docs/https.md)
#TLS=self-signed
#PUBLIC_DOMAIN=bot.example.com
#ACME_EMAIL=you@example.com
#TLS_CERT_FILE=/etc/balancer/cert.pem
#TLS_KEY_FILE=/etc/balancer/key.pem

# Where to listen (defaults: 127.0.0.1 without TLS, 0.0.0.0 with; 5075, or 443 + 80 with PUBLIC_DOMAIN)
#HOST=0.0.0.0
#PORT=5075
#HTTP_PORT=80

# PostgreSQL instead of the embedded database
#DATABASE_URL=postgres://balancer:PASSWORD@127.0.0.1:5432/balancer

# Trading: simulator (default), paper or live (docs/exchanges.md)
#EXCHANGE_MODE=paper
#EXCHANGE=binance
#QUOTE_ASSET=USDT

#TELEGRAM_BOT_TOKEN=
#TELEGRAM_CHAT_ID=
#LOG_LEVEL=info
`;

/** KEY=value lines of an EnvironmentFile (comments and blank lines skipped; quotes removed). */
export function parseSettings(text: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match?.[1]) continue;
    const value = match[2] ?? '';
    const quoted = /^(["'])(.*)\1$/.exec(value);
    settings[match[1]] = quoted?.[2] ?? value;
  }
  return settings;
}

/** A stand-in for each generated secret: the settings are checked without reading secrets.json. */
const PLACEHOLDER_SECRET = Buffer.alloc(32, 1).toString('base64');

export type ResolvedSettings = { ok: true; config: Config } | { ok: false; problems: string[] };

/**
 * The configuration these settings resolve to (environment, `<KEY>_FILE`, BALANCER_CONFIG, with
 * the one schema's defaults for PORT, HOST, HTTP_PORT and TLS), or every problem. The secrets
 * generated into the data folder are not needed to judge the rest: stood in for when not set, so
 * nothing is read from or written to the data folder.
 */
export function resolveSettings(env: Readonly<Record<string, string | undefined>>): ResolvedSettings {
  const problems: string[] = [];
  const raw = collectSettings(env, problems);
  for (const key of SECRET_KEYS) raw[key] ??= PLACEHOLDER_SECRET;
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push(`${issue.path.join('.') || '(settings)'}: ${issue.message}`);
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, config: parsed.data };
}

/** Keys of a settings file that no setting has (a typo there would be silently ignored). */
export function unknownSettings(settings: Readonly<Record<string, string>>): string[] {
  const known = new Set<string>([
    ...CONFIG_KEYS,
    ...CONFIG_KEYS.map((key) => `${key}_FILE`),
    'BALANCER_CONFIG',
  ]);
  return Object.keys(settings).filter((key) => !known.has(key));
}
