import { z } from 'zod';
import { isIpAddress } from './ip-address.js';

/** Bounds of docs/trading-api.md. The 5-character floor refuses '::1' and '::', which is harmless here. */
export const IP_MIN_LENGTH = 5;
export const IP_MAX_LENGTH = 300;
export const IP_NOTES_MIN_LENGTH = 5;
export const IP_NOTES_MAX_LENGTH = 25_000;
export const IP_ADDRESS_MESSAGE = 'Enter a valid IP address';
export const IP_NOTES_MESSAGE = 'The notes must be 5 to 25,000 characters long';

/**
 * An IPv4 or IPv6 address, trimmed and lower-cased before it is checked, so the output is the
 * stored form and parsing it again gives it back unchanged. It is not otherwise canonicalised:
 * '2001:DB8::1' becomes '2001:db8::1' but '2001:0db8::1' stays as written.
 */
export const ipAddressSchema = z
  .string({ error: IP_ADDRESS_MESSAGE })
  .trim()
  .toLowerCase()
  .min(IP_MIN_LENGTH)
  .max(IP_MAX_LENGTH)
  .refine(isIpAddress);

/** Notes about a blacklisted IP, trimmed, 5–25,000 characters. */
export const ipNotesSchema = z
  .string({ error: IP_NOTES_MESSAGE })
  .trim()
  .min(IP_NOTES_MIN_LENGTH)
  .max(IP_NOTES_MAX_LENGTH);

/** Body of adding an IP to the blacklist. */
export const ipBlacklistCreateSchema = z.strictObject({
  ip: ipAddressSchema,
  notes: ipNotesSchema.optional(),
});
export type IpBlacklistCreate = z.infer<typeof ipBlacklistCreateSchema>;

/** Body of `PUT /ip-blacklist/:id`: a full replacement, so leaving out `notes` clears them. */
export const ipBlacklistUpdateSchema = z.strictObject({
  ip: ipAddressSchema,
  notes: ipNotesSchema.optional(),
});
export type IpBlacklistUpdate = z.infer<typeof ipBlacklistUpdateSchema>;
