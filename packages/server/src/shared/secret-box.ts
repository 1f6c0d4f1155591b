import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CodedError } from '@balancer/core';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals short secrets (OTP secrets, later exchange keys) for storage with AES-256-GCM under
 * ENCRYPTION_KEY. Each value carries its own random 96-bit IV and is bound to a context (the
 * owner's id, say) as associated data, so a sealed value copied onto another row does not open.
 * Format: `v1.<iv>.<ciphertext>.<tag>`, each part base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  /** `encodedKey`: 32 bytes as base64 or base64url (the config schema checks the length). */
  constructor(encodedKey: string) {
    this.key = Buffer.from(encodedKey, 'base64url');
    if (this.key.length !== 32) throw new CodedError('SECRET_UNREADABLE', 'the key is not 32 bytes');
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, body, tag]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws SECRET_UNREADABLE when the value was tampered with, or sealed with another key or context. */
  open(sealed: string, context: string): string {
    const [version, iv, body, tag, ...rest] = sealed.split('.');
    if (
      version !== VERSION ||
      iv === undefined ||
      body === undefined ||
      tag === undefined ||
      rest.length > 0
    ) {
      throw new CodedError('SECRET_UNREADABLE', 'unknown format');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch (error) {
      throw new CodedError('SECRET_UNREADABLE', undefined, { cause: error });
    }
  }
}
