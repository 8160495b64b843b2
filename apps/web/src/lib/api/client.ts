import { createApi } from './api';
import { createHttpClient } from './http-client';
import { createTokenStore } from './token-store';

/** The browser's single session and API client; tests build their own with createHttpClient. */
/** Node has no window: the build's prerendering imports the public pages there (app/prerender.tsx). */
const browser = typeof window === 'undefined' ? undefined : window;
const NO_STORAGE: Storage = {
  length: 0,
  clear() {},
  getItem: () => null,
  key: () => null,
  removeItem() {},
  setItem() {},
};

export const tokenStore = createTokenStore(browser?.localStorage ?? NO_STORAGE, browser);
export const httpClient = createHttpClient({
  fetch: (...args) => window.fetch(...args),
  tokens: tokenStore,
  readCookies: () => document.cookie,
});
export const api = createApi(httpClient);
