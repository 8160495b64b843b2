import { ModalsProvider } from '@mantine/modals';
import { render } from '@testing-library/react';
import type { Resource } from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { createI18n, type Locale } from '../lib/i18n';
import en from '../locales/en.json';
import { createFakeLiveServer, type FakeLiveServer } from './live-server';

/** English with every text wrapped in ⟦…⟧: anything on screen without the marks was never translated. */
export function pseudoResources(): Resource {
  const wrap = (value: unknown): unknown =>
    typeof value === 'string'
      ? `⟦${value}⟧`
      : Object.fromEntries(Object.entries(value as object).map(([key, child]) => [key, wrap(child)]));
  return { en: { translation: wrap(en) as Record<string, unknown> } };
}

export interface RenderAppOptions {
  path: string;
  locale?: Locale;
  resources?: Resource;
  missingKeys?: string[];
  /** the live socket's server side; by default one that accepts every subscription */
  live?: FakeLiveServer;
  /**
   * Confirm dialogs around every route; off by default like the app, where the signed-in areas'
   * shell provides them (the public pages do not load the dialog code).
   */
  modals?: boolean;
}

/** The real routes and providers in memory, as a user would reach a screen. */
export async function renderApp({
  path,
  locale = 'en',
  resources,
  missingKeys,
  live = createFakeLiveServer(),
  modals = false,
}: RenderAppOptions) {
  const i18n = await createI18n({
    locale,
    resources,
    onMissingKey: missingKeys ? (key) => missingKeys.push(key) : undefined,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <Providers
      i18n={i18n}
      queryClient={queryClient}
      liveClient={live.client}
      wrap={modals ? (screens) => <ModalsProvider>{screens}</ModalsProvider> : undefined}
    >
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, i18n, queryClient, live };
}

export const SELF = {
  id: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  username: 'admin',
  email: null,
  firstName: 'Anna',
  lastName: 'Becker',
  displayName: null,
  personnelNumber: null,
  role: 'ADMIN_PRINTING_SHOP',
  language: 'ENGLISH',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  tenant: {
    id: '00000000-0000-4000-8000-000000000002',
    slug: 'demo',
    name: 'Druckerei Beispiel GmbH',
    kind: 'PRINTING_SHOP',
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  permissions: ['self:read'],
} as const;

export function jsonResponse(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
