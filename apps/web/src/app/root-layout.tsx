import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { BEARER_TOKEN_KEY } from '../lib/api/token-store';
import classes from './root-layout.module.css';

/**
 * Root of every route: a refused refresh ends the session, forgets cached answers and shows the login
 * (which tells why, from the token store).
 */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const isNavigating = useNavigation().state !== 'idle';

  // From here on the page answers input: a prerendered public page is visible before (journeys wait
  // for this mark before they use a control whose change would otherwise go unheard).
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);

  // The API client is loaded after the first paint, not with it: the public pages' first load
  // carries no contract schemas (issue 15). A session can only end once the client exists.
  useEffect(() => {
    let off: (() => void) | undefined;
    let active = true;
    // `pathname` changes on every navigation, so the listener is attached right after a login.
    if (!window.localStorage.getItem(BEARER_TOKEN_KEY)) return;
    void import('../lib/api').then(({ httpClient }) => {
      if (!active) return;
      off = httpClient.onSessionEnded(() => {
        queryClient.clear();
        void navigate('/login', { replace: true, state: { returnTo: pathname } });
      });
    });
    return () => {
      active = false;
      off?.();
    };
  }, [navigate, queryClient, pathname]);

  return (
    <>
      {/* while the next area's code loads, the current page stays and a thin bar says so */}
      {isNavigating && <div className={classes.progress} role="progressbar" aria-label={t('app.loading')} />}
      <Outlet />
    </>
  );
}
