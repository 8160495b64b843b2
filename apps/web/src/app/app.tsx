import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { httpClient } from '../lib/api';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App({ i18n }: { i18n: I18n }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);

  // A refused refresh ends the session: forget cached answers and show the login (spec §4).
  useEffect(
    () =>
      httpClient.onSessionEnded(() => {
        queryClient.clear();
        void router.navigate('/login', {
          replace: true,
          state: { sessionEnded: true, returnTo: router.state.location.pathname },
        });
      }),
    [queryClient, router],
  );

  return (
    <Providers i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
