import { BOARD_SECRET_PATTERN } from '@kerf/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BoardMessage, BoardScreen } from '../../features/board';
import { isLocale, type Locale, useLocale } from '../../lib/i18n';
import { createLiveClient, LiveClientProvider, useProvidedLiveClient } from '../../lib/live';

/**
 * The board link's secret. It travels in the URL's fragment (`/board#kb_…`): browsers never send the
 * fragment to a server, so the secret stays out of access logs, proxies and Referer headers; the page
 * sends it only in the `Authorization` header of its reads and in the live socket's frames.
 */
function secretOf(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    return '';
  }
}

/**
 * The board's language: `?lang=` (one of the eight) wins, so one link per language can be handed
 * out; without it the wall screen's browser language when Kerf speaks it (its first language's
 * primary subtag: `ar-EG` → Arabic), else English.
 */
export function boardLocale(search: string, browserLanguages: readonly string[]): Locale {
  const asked = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (isLocale(asked)) return asked;
  const primary = browserLanguages[0]?.toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : 'en';
}

function useBoardLanguage(search: string) {
  const { locale, adoptLocale } = useLocale();
  const wanted = useMemo(() => boardLocale(search, navigator.languages ?? []), [search]);
  useEffect(() => {
    if (wanted !== locale) void adoptLocale(wanted);
  }, [wanted, locale, adoptLocale]);
}

/**
 * The shop-floor board (issue 36 item 3): outside every signed-in area, full screen, read-only. It
 * reads and follows the live socket with its link's secret alone — no user, no session — and shows
 * plainly when the link was revoked (a refused read, or the socket's refusal after the revocation
 * closed it).
 */
export function BoardPage() {
  const { t } = useTranslation();
  const location = useLocation();
  useBoardLanguage(location.search);
  const secret = useMemo(() => secretOf(location.hash), [location.hash]);
  const valid = BOARD_SECRET_PATTERN.test(secret);
  const [revoked, setRevoked] = useState(false);
  const onRevoked = useCallback(() => setRevoked(true), []);
  // a screen test hands down its in-memory socket; the wall screen opens its own with the secret
  const provided = useProvidedLiveClient();
  const client = useMemo(
    () =>
      provided ??
      createLiveClient({
        session: {
          getToken: () => secret,
          // a board link is never refreshed: a refused one was revoked
          refresh: async () => false,
          logout: () => setRevoked(true),
        },
      }),
    [secret, provided],
  );
  useEffect(() => {
    if (provided) return;
    if (revoked) client.close();
    return () => client.close();
  }, [client, provided, revoked]);

  if (!valid) return <BoardMessage title={t('board.invalidTitle')} text={t('board.invalidText')} />;
  if (revoked) return <BoardMessage title={t('board.revokedTitle')} text={t('board.revokedText')} />;
  return (
    <LiveClientProvider client={client}>
      <BoardScreen secret={secret} onRevoked={onRevoked} />
    </LiveClientProvider>
  );
}
