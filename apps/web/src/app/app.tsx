import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/** `router`: the prerendering's memory router (app/prerender.tsx); by default the browser's own. */
export function App({ i18n, router: given }: { i18n: I18n; router?: ReturnType<typeof createAppRouter> }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <Providers i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
