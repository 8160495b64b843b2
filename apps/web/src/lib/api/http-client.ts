import { refresh as refreshRoute, routeUrl, TokenPairSchema } from '@kerf/contracts';
import { ApiError } from './api-error';
import type { TokenStore } from './token-store';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

interface HttpRequest {
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** send the bearer token and refresh it on a 401 */
  authenticated: boolean;
  signal?: AbortSignal;
  /** `blob`: a successful body is handed over as bytes (downloads keep their byte order mark) */
  responseType?: 'blob';
}

interface HttpResponse {
  ok: boolean;
  status: number;
  data: unknown;
  /** a download's name from `Content-Disposition` (the server names what, whose and which period) */
  fileName?: string;
}

/** The `filename` of an `attachment` Content-Disposition, or undefined. */
function fileNameOf(disposition: string | null): string | undefined {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] || undefined;
}

export interface HttpClientOptions {
  fetch: typeof globalThis.fetch;
  tokens: TokenStore;
  /** `document.cookie` in the browser */
  readCookies?: () => string;
}

export interface HttpClient {
  request(request: HttpRequest): Promise<HttpResponse>;
  /**
   * The one token refresh of the app (the live socket uses it too): joins a refresh under way, so
   * the rotating refresh token is never spent twice. Resolves true with a fresh token pair, false
   * when the server refused (tokens cleared, session ended); rejects when the server could not
   * decide (network, 5xx, 429) and the session may still be valid.
   */
  refresh(): Promise<boolean>;
  /** Called when the session is gone for good (refresh refused): tokens are already cleared. */
  onSessionEnded(listener: () => void): () => void;
}

const isDisabled = (response: HttpResponse) =>
  response.status === 403 &&
  typeof response.data === 'object' &&
  response.data !== null &&
  (response.data as { code?: unknown }).code === 'authentication.USER_DISABLED';

function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The one HTTP client (product.md §4 and §7 "General"):
 * - no default timeout (callers pass an AbortSignal when they want one);
 * - sends the XSRF cookie back in a header;
 * - on a 401 it refreshes the tokens once and retries the request once; any number of parallel 401s
 *   share one refresh, because the server rotates refresh tokens and treats a second use as reuse;
 * - a refused refresh clears the tokens and tells the listeners (the app then shows the login), and
 *   so does any answer saying the account or its tenant is disabled (`USER_DISABLED`);
 *   A refresh that fails for want of a network keeps the tokens: the session may still be valid.
 */
export function createHttpClient({ fetch, tokens, readCookies }: HttpClientOptions): HttpClient {
  const sessionListeners = new Set<() => void>();
  let refreshing: Promise<boolean> | null = null;

  async function send(request: HttpRequest, bearer: string | undefined): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const xsrf = readCookies ? cookieValue(readCookies(), XSRF_COOKIE) : undefined;
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        credentials: 'same-origin',
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new ApiError(0, 'client.NETWORK_ERROR', undefined);
    }
    if (response.ok && request.responseType === 'blob') {
      const fileName = fileNameOf(response.headers.get('content-disposition'));
      return { ok: true, status: response.status, data: await response.blob(), fileName };
    }
    return { ok: response.ok, status: response.status, data: await readBody(response) };
  }

  async function runRefresh(refreshToken: string): Promise<boolean> {
    const response = await send(
      { method: 'POST', url: routeUrl(refreshRoute), body: { refreshToken }, authenticated: false },
      undefined,
    );
    if (response.ok) {
      const pair = TokenPairSchema.safeParse(response.data);
      if (pair.success) {
        tokens.set({ bearerToken: pair.data.bearerToken, refreshToken: pair.data.refreshToken });
        return true;
      }
    } else if (response.status >= 500 || response.status === 429) {
      // The server could not decide; the session may still be fine.
      throw ApiError.fromResponse(response.status, response.data);
    }
    endSession(isDisabled(response) ? 'disabled' : 'ended');
    return false;
  }

  function endSession(reason: 'ended' | 'disabled') {
    tokens.clear(reason);
    for (const listener of sessionListeners) listener();
  }

  /** Single flight: every caller while a refresh runs gets that refresh's answer. */
  function refresh(): Promise<boolean> {
    if (refreshing) return refreshing;
    const current = tokens.get();
    if (!current) return Promise.resolve(false);
    refreshing = runRefresh(current.refreshToken).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Resolves true when a fresh bearer token is available (now or already). */
  function refreshOnce(usedBearer: string): Promise<boolean> {
    if (refreshing) return refreshing;
    const current = tokens.get();
    if (!current) return Promise.resolve(false);
    if (current.bearerToken !== usedBearer) return Promise.resolve(true);
    return refresh();
  }

  return {
    async request(request) {
      if (!request.authenticated) return send(request, undefined);
      // A refresh under way will replace the token; do not spend the old one.
      if (refreshing) await refreshing.catch(() => undefined);
      const bearer = tokens.get()?.bearerToken;
      const first = await send(request, bearer);
      // The account or its whole tenant was disabled: the session is over, whatever the token says.
      if (bearer && isDisabled(first)) {
        endSession('disabled');
        return first;
      }
      if (first.status !== 401 || !bearer) return first;
      const refreshed = await refreshOnce(bearer);
      if (!refreshed) return first;
      return send(request, tokens.get()?.bearerToken);
    },
    refresh,
    onSessionEnded(listener) {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
  };
}
