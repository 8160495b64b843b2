import { CLIENT_TYPE_HEADER, type ClientType, type LoginRequest, login as loginRoute } from '@kerf/contracts';
import { api, tokenStore } from '../../../lib/api';

/** product.md §5: tenant and username are lower-cased before sending. */
export function normaliseCredentials(credentials: LoginRequest): LoginRequest {
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
