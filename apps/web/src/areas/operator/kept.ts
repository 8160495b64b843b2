/**
 * What the terminal last received from the server, kept in local storage for a reload or a new tab
 * while the server cannot be reached (ADR 0024): the signed-in user (for this session only), the
 * machine's view and its orders. Kept answers only seed the screen's cache as out of date — the
 * terminal reads them again at once — and the screen says how old they are while it is offline.
 */
const PREFIX = 'kerf.operator.kept.';

export function keep(name: string, value: unknown) {
  try {
    window.localStorage.setItem(`${PREFIX}${name}`, JSON.stringify(value));
  } catch {
    // storage full or blocked: nothing kept, the terminal still works while online
  }
}

export function kept<T>(name: string): T | undefined {
  try {
    const raw = window.localStorage.getItem(`${PREFIX}${name}`);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** The session id (`sid`) in a bearer token, so a kept user is only ever used for its own session. */
export function sessionOf(bearerToken: string | undefined): string | null {
  const payload = bearerToken?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sid = (JSON.parse(json) as { sid?: unknown }).sid;
    return typeof sid === 'string' ? sid : null;
  } catch {
    return null;
  }
}
