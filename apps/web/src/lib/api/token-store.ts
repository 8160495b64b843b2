/** Local-storage keys of spec §4; other tabs and later sessions read the same ones. */
export const BEARER_TOKEN_KEY = 'bearerToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export interface Tokens {
  bearerToken: string;
  refreshToken: string;
}

export interface TokenStore {
  get(): Tokens | null;
  set(tokens: Tokens): void;
  clear(): void;
  /** called after every change, also when another tab changed the tokens */
  subscribe(listener: () => void): () => void;
}

export function createTokenStore(
  storage: Storage,
  eventTarget?: Pick<Window, 'addEventListener'>,
): TokenStore {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  eventTarget?.addEventListener('storage', (event) => {
    if (event.key === null || event.key === BEARER_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) notify();
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
      notify();
    },
    clear() {
      storage.removeItem(BEARER_TOKEN_KEY);
      storage.removeItem(REFRESH_TOKEN_KEY);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
