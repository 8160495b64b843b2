import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { useSelf } from '../../../features/session';
import { SystemUsersTable } from '../../../features/system';

export function SystemUsersPage() {
  const { t } = useTranslation();
  const self = useSelf();
  usePageTitle(t('systemAdmin.users.title'));
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('systemAdmin.users.title')}</Title>
          <Text c="dimmed">{t('systemAdmin.users.intro')}</Text>
        </Stack>
        <SystemUsersTable selfId={self.data?.id} />
      </Stack>
    </Container>
  );
}
