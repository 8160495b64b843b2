import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { httpClient } from '../lib/api';

/**
 * Root of every route: a refused refresh ends the session, forgets cached answers and shows the login
 * (which tells why, from the token store).
 */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();

  useEffect(
    () =>
      httpClient.onSessionEnded(() => {
        queryClient.clear();
        void navigate('/login', { replace: true, state: { returnTo: pathname } });
      }),
    [navigate, queryClient, pathname],
  );

  return <Outlet />;
}
