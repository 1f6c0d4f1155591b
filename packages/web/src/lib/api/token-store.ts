/**
 * The access token, held in memory only (never localStorage: a script injected into the page
 * could read storage; the refresh cookie is httpOnly). `null` = no token.
 */
export class TokenStore {
  private token: string | null = null;
  private readonly listeners = new Set<() => void>();

  get = (): string | null => this.token;

  set = (token: string | null): void => {
    if (token === this.token) return;
    this.token = token;
    for (const listener of this.listeners) listener();
  };

  /** For `useSyncExternalStore`: returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
