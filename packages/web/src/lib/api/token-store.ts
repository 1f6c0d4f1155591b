/**
 * The access token, held in memory only (never localStorage: a script injected into the page
 * could read storage; the refresh cookie is httpOnly). `null` = no token.
 *
 * When a session this page held ends other than by the user's own sign-out (another device
 * signed out of all devices, root changed or deleted the account, the session expired), `end`
 * drops the token and keeps why, for the sign-in screen to say. A new token forgets it.
 */
export class TokenStore {
  private token: string | null = null;
  /** Whether this page has held a token since the last sign-out or end. */
  private held = false;
  private endedNotice: string | null = null;
  private readonly listeners = new Set<() => void>();

  get = (): string | null => this.token;

  /** Why the session this page held ended, when the server ended it; null otherwise. */
  notice = (): string | null => this.endedNotice;

  set = (token: string | null): void => {
    if (token !== null) {
      this.held = true;
      this.endedNotice = null;
    }
    if (token === this.token) return;
    this.token = token;
    for (const listener of this.listeners) listener();
  };

  /**
   * The server ended the session: drops the token and, if this page held one, keeps `notice`.
   * (A visitor who never signed in here gets no notice from a refused refresh.)
   */
  end = (notice: string): void => {
    if (this.held) this.endedNotice = notice;
    this.held = false;
    this.set(null);
  };

  /** The user signed out here: drops the token, with nothing to tell. */
  forget = (): void => {
    this.held = false;
    this.endedNotice = null;
    this.set(null);
  };

  /** For `useSyncExternalStore`: returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
