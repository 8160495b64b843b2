import { DirectionProvider, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { currentLocale, directionOf } from '../lib/i18n';
import { type LiveClient, LiveClientProvider } from '../lib/live';
import { LocaleProvider } from './locale-provider';
import { cssVariablesResolver, theme } from './theme';

/** Everything a screen needs around it; tests render screens inside the same providers. */
export function Providers({
  i18n,
  queryClient,
  liveClient,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  /** the live socket's client; by default the browser's own */
  liveClient?: LiveClient;
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
              <ModalsProvider>
                <Notifications position="top-center" limit={4} />
                {screens}
              </ModalsProvider>
            </LocaleProvider>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
