import { DirectionProvider, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { currentLocale, directionOf } from '../lib/i18n';
import { type LiveClient, LiveClientProvider } from '../lib/live';
import { LocaleProvider } from './locale-provider';
import { cssVariablesResolver, theme } from './theme';

/**
 * The toast container loads after the first paint (toasts shown before wait in their store): with
 * its transitions it is no part of the public pages' first load (issue 15, bundle budget).
 */
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** Everything a screen needs around it; tests render screens inside the same providers. */
export function Providers({
  i18n,
  queryClient,
  liveClient,
  wrap = (screens) => screens,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  /** the live socket's client; by default the browser's own */
  liveClient?: LiveClient;
  /**
   * Wraps the screens, inside every other provider: tests pass Mantine's `ModalsProvider` so that
   * confirm dialogs work on any screen. The app passes nothing — the signed-in areas' shell has its
   * own — so the public pages' first load carries no dialog code (issue 15).
   */
  wrap?: (screens: ReactNode) => ReactNode;
  children: ReactNode;
}) {
  const screens = liveClient ? (
    <LiveClientProvider client={liveClient}>{children}</LiveClientProvider>
  ) : (
    children
  );
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(currentLocale(i18n))} detectDirection={false}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <QueryClientProvider client={queryClient}>
            <LocaleProvider i18n={i18n}>
              <Suspense fallback={null}>
                <Notifications position="top-center" limit={4} />
              </Suspense>
              {wrap(screens)}
            </LocaleProvider>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
