import { type Area, ROLE_AREAS } from '@kerf/contracts';
import { Box, Button, Container, Skeleton } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ErrorAlert, ErrorBoundary } from '../../components/errors';
import { AppLayout, type NavItem, PageSkeleton, PublicLayout } from '../../components/layout';
import { NotificationBell } from '../../features/notifications';
import { displayNameOf, useIsSignedIn, useLogout, useSelf } from '../../features/session';
import { isApiError } from '../../lib/api';
import { translateKey } from '../../lib/i18n';

export interface AreaShellProps {
  area: Area;
  navItems: NavItem[];
  touch?: boolean;
  /** the area's notifications page: shows the bell with the unread count in the header */
  notificationsPath?: string;
  children: ReactNode;
}

function FrameSkeleton() {
  return (
    <Box p="md">
      <Skeleton height={44} mb="lg" />
      <Container size="lg">
        <PageSkeleton />
      </Container>
    </Box>
  );
}

/**
 * Gate and frame of a role's area: signed-out users go to the login, users of another role to their
 * own area (the server refuses them the data as well), everyone else gets the app layout.
 */
export function AreaShell({ area, navItems, touch, notificationsPath, children }: AreaShellProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const isSignedIn = useIsSignedIn();
  const self = useSelf();
  // The terminal's next login returns to it and signs in as a terminal again.
  const onLogout = useLogout(touch ? `/${area}` : undefined);

  if (!isSignedIn || (isApiError(self.error) && self.error.status === 401)) {
    return <Navigate to="/login" replace state={{ returnTo: location.pathname }} />;
  }
  // A failed re-check keeps the area of a user already known (a network drop, the offline terminal).
  if (self.error && !self.data) {
    return (
      <PublicLayout>
        <Container size="sm" py="xl">
          <ErrorAlert
            error={self.error}
            action={
              <Button mt="sm" size="xs" variant="light" color="red" onClick={() => self.refetch()}>
                {t('actions.retry')}
              </Button>
            }
          />
        </Container>
      </PublicLayout>
    );
  }
  if (!self.data) return <FrameSkeleton />;

  const ownArea = ROLE_AREAS[self.data.role];
  if (ownArea !== area) return <Navigate to={`/${ownArea}`} replace />;

  // Confirm dialogs live with the signed-in areas, not with every page (app/providers.tsx).
  return (
    <ModalsProvider>
      <AppLayout
        homePath={`/${area}`}
        areaTitle={translateKey(t, `areas.${area}.title`)}
        navItems={navItems}
        touch={touch}
        headerExtra={
          notificationsPath ? <NotificationBell to={notificationsPath} userId={self.data.id} /> : undefined
        }
        onLogout={() => void onLogout()}
        user={{
          name: displayNameOf(self.data),
          username: self.data.username,
          roleLabel: translateKey(t, `roles.${self.data.role}`),
          tenantName: self.data.tenant.name,
        }}
      >
        {/* A crash in one page keeps the frame; moving to another page clears it. */}
        <ErrorBoundary key={location.pathname}>{children}</ErrorBoundary>
      </AppLayout>
    </ModalsProvider>
  );
}
