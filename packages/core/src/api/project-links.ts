import { z } from 'zod';

/**
 * The project's public addresses as this install's operator configured them (the server's
 * SOURCE_CODE_URL and CONTACT_EMAIL), sent with `GET /ready` so the landing page and the app can
 * show them. Null when unset: the web app then hides the link or says "not configured" instead of
 * pointing at a placeholder.
 */
export const projectLinksSchema = z.object({
  /** The repository's page on its code host, without a trailing slash (GitHub-style paths hang off it). */
  sourceCodeUrl: z.url().nullable(),
  contactEmail: z.email().nullable(),
});
export type ProjectLinks = z.infer<typeof projectLinksSchema>;
