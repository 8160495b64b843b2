import { logout as logoutRoute } from '@kerf/contracts';
import { api, tokenStore } from '../../../lib/api';

/** Ends the server session, then forgets the tokens even if the server could not be reached. */
export async function logout() {
  const tokens = tokenStore.get();
  try {
    if (tokens) await api(logoutRoute, { params: { refreshToken: tokens.refreshToken } });
  } finally {
    tokenStore.clear('logged-out');
  }
}
