/** Navigation state the sign-in screen reads: a note to show, and the page that asked for it. */
export interface SignInNotice {
  notice?: string;
  /** The nickname to fill in (the account whose password was just updated). */
  nickname?: string;
  /** The signed-in page (path, query, hash) to return to after signing in. */
  from?: string;
}

/**
 * Where to go after signing in: the page that sent the visitor here when it is one of the app's
 * (`/app…`, never another origin), else the dashboard.
 */
export function returnPathOf(state: unknown): string {
  const from = (state as SignInNotice | null)?.from;
  if (typeof from !== 'string' || !/^\/app(?:[/?#]|$)/.test(from) || from.includes('\\')) return '/app';
  return from;
}
