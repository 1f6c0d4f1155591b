import { z } from 'zod';

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
] as const;
export type SecretKey = (typeof SECRET_KEYS)[number];

const trustProxy = z.union([
  boolText,
  z.coerce.number().int().min(0).max(10),
  z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F.:/, ]+$/, 'must be true, false, a hop count or a comma-separated list of IPs/CIDRs'),
]);

export const configSchema = z
  .object({
    PORT: port.default(5075),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    BALANCER_DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
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
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['pretty', 'json']).default('pretty'),
    TRUST_PROXY: trustProxy.default(false),
    ROOT_NICKNAME: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{2,16}$/, 'must be 2–16 letters, digits, "-", "." or "_"')
      .default('root'),
    JWT_SECRET: secret,
    COOKIE_SECRET: secret,
    ENCRYPTION_KEY: encryptionKey,
    PASSWORD_PEPPER: secret,
    ALTCHA_HMAC_KEY: secret,
  })
  .strict();

export type Config = z.output<typeof configSchema>;
export type ConfigKey = keyof z.input<typeof configSchema>;
export const CONFIG_KEYS = Object.keys(configSchema.shape) as ConfigKey[];
