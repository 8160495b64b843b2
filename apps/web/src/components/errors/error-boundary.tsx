import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../../lib/api';
import { NotFoundContent } from './not-found-page';

function CrashPanel({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : error instanceof Error ? error.name : undefined;
  return (
    <Stack align="center" gap="md" py={64} ta="center" role="alert">
      <Title order={1}>{t('crash.title')}</Title>
      <Text c="dimmed" maw={520}>
        {t('crash.text')}
      </Text>
      {code && (
        <Code translate="no" dir="ltr">
          {code}
        </Code>
      )}
      <Group>
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()}>
          {t('crash.reload')}
        </Button>
        <Button variant="default" component="a" href="/">
          {t('crash.home')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Route-level `errorElement`: unknown routes render page-not-found, anything else the crash panel. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return <CrashPanel error={error} />;
}

interface BoundaryState {
  error: unknown;
}

/** For parts of a page that should fail alone (a chart, a panel) instead of the whole route. */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <CrashPanel error={this.state.error} /> : this.props.children;
  }
}
