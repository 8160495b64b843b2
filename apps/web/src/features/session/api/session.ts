import {
  CLIENT_TYPE_HEADER,
  type ClientType,
  getSelf as getSelfRoute,
  type Language,
  type LoginRequest,
  login as loginRoute,
  logout as logoutRoute,
  updateSelfLanguage as updateSelfLanguageRoute,
} from '@kerf/contracts';
import { api, tokenStore } from '../../../lib/api';

export function getSelf(signal?: AbortSignal) {
  return api(getSelfRoute, { signal });
}

/** product.md §5: tenant and username are lower-cased before sending. */
function normaliseCredentials(credentials: LoginRequest): LoginRequest {
  return {
    tenant: credentials.tenant.trim().toLowerCase(),
    username: credentials.username.trim().toLowerCase(),
    password: credentials.password,
    // a solved proof of work, when the server asked for one (issue 31)
    ...(credentials.captcha ? { captcha: credentials.captcha } : {}),
  };
}

export async function login(credentials: LoginRequest, clientType: ClientType = 'WEB') {
  const pair = await api(loginRoute, {
    body: normaliseCredentials(credentials),
    headers: { [CLIENT_TYPE_HEADER]: clientType },
  });
  tokenStore.set({ bearerToken: pair.bearerToken, refreshToken: pair.refreshToken });
  return pair;
}

/** Ends the server session, then forgets the tokens even if the server could not be reached. */
export async function logout() {
  const tokens = tokenStore.get();
  try {
    if (tokens) await api(logoutRoute, { params: { refreshToken: tokens.refreshToken } });
  } finally {
    tokenStore.clear('logged-out');
  }
}

export function updateSelfLanguage(language: Language) {
  return api(updateSelfLanguageRoute, { body: { value: language } });
}
