import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { httpClient } from '../lib/api';
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

  useEffect(
    () =>
      httpClient.onSessionEnded(() => {
        queryClient.clear();
        void navigate('/login', { replace: true, state: { returnTo: pathname } });
      }),
    [navigate, queryClient, pathname],
  );

  return (
    <>
      {/* while the next area's code loads, the current page stays and a thin bar says so */}
      {isNavigating && <div className={classes.progress} role="progressbar" aria-label={t('app.loading')} />}
      <Outlet />
    </>
  );
}
