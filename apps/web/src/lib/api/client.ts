import { createApi } from './api';
import { createHttpClient } from './http-client';
import { createTokenStore } from './token-store';

/** The browser's single session and API client; tests build their own with createHttpClient. */
export const tokenStore = createTokenStore(window.localStorage, window);
export const httpClient = createHttpClient({
  fetch: (...args) => window.fetch(...args),
  tokens: tokenStore,
  readCookies: () => document.cookie,
});
export const api = createApi(httpClient);
