/** Local-storage keys of product.md §4; other tabs and later sessions read the same ones. */
export const BEARER_TOKEN_KEY = 'bearerToken';
const REFRESH_TOKEN_KEY = 'refreshToken';

interface Tokens {
  bearerToken: string;
  refreshToken: string;
}

/**
 * Why the tokens were last cleared: the user logged out, the session ended without them, or the
 * account (or the whole tenant) was disabled by an administrator.
 */
type SessionEndReason = 'logged-out' | 'ended' | 'disabled';

export interface TokenStore {
  get(): Tokens | null;
  set(tokens: Tokens): void;
  clear(reason: SessionEndReason): void;
  /** the reason of the last clear since tokens were last set, for the login page's notice */
  endReason(): SessionEndReason | null;
  /** called after every change, also when another tab changed the tokens */
  subscribe(listener: () => void): () => void;
}

export function createTokenStore(
  storage: Storage,
  eventTarget?: Pick<Window, 'addEventListener'>,
): TokenStore {
  const listeners = new Set<() => void>();
  let lastEndReason: SessionEndReason | null = null;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  eventTarget?.addEventListener('storage', (event) => {
    if (event.key === null || event.key === BEARER_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) {
      // Another tab logged out or lost the session; this tab's session is gone too.
      if (event.newValue === null) lastEndReason = 'ended';
      notify();
    }
  });
  return {
    get() {
      const bearerToken = storage.getItem(BEARER_TOKEN_KEY);
      const refreshToken = storage.getItem(REFRESH_TOKEN_KEY);
      return bearerToken && refreshToken ? { bearerToken, refreshToken } : null;
    },
    set(tokens) {
      storage.setItem(BEARER_TOKEN_KEY, tokens.bearerToken);
      storage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
      lastEndReason = null;
      notify();
    },
    clear(reason) {
      storage.removeItem(BEARER_TOKEN_KEY);
      storage.removeItem(REFRESH_TOKEN_KEY);
      lastEndReason = reason;
      notify();
    },
    endReason() {
      return lastEndReason;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
