import { httpClient, tokenStore } from '../api';
import { createLiveClient, type LiveClient } from './live-client';

let client: LiveClient | null = null;

/**
 * The browser's one live connection, opened on the first subscription. Its token refresh is the HTTP
 * client's single-flight `refresh()` (a second refresher would race the rotation and trip the
 * server's reuse detection); when the session ends it closes.
 */
export function browserLiveClient(): LiveClient {
  if (client) return client;
  const live = createLiveClient({
    session: {
      getToken: () => tokenStore.get()?.bearerToken ?? null,
      refresh: () => httpClient.refresh(),
      // The HTTP client has already cleared the tokens and told the app; only the socket is left.
      logout: () => live.close(),
    },
  });
  tokenStore.subscribe(() => {
    if (!tokenStore.get()) live.close();
  });
  client = live;
  return live;
}
