import { Alert, Card, Container, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { ServiceSearch } from '../../../features/customer-service';
import { displayNameOf, useSelf } from '../../../features/session';
import { useOpenHit } from './use-open-hit';

/** product.md §2: the start page says that no customer or machine is selected, and offers the search. */
export function ServiceHomePage() {
  const { t } = useTranslation();
  const { data: self } = useSelf();
  const openHit = useOpenHit();
  usePageTitle(t('customerService.home'));
  return (
    <Container size="lg" px={0}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t('areaHome.welcome', { name: self ? displayNameOf(self) : '' })}</Title>
          <Text c="dimmed">{t('areas.service.description')}</Text>
        </Stack>
        <Card withBorder radius="md" p="lg">
          <ServiceSearch onSelect={openHit} />
        </Card>
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle aria-hidden />}
          title={t('customerService.nothingSelected')}
        >
          {t('customerService.nothingSelectedHint')}
        </Alert>
      </Stack>
    </Container>
  );
}
