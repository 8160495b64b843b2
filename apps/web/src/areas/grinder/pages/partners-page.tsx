import { hasPermission } from '@kerf/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { PartnershipsTable } from '../../../features/logistics';
import { useSelf } from '../../../features/session';

/** The printing shops that send knives here; their admin accepts or ends a partnership. */
export function GrinderPartnersPage() {
  const { t } = useTranslation();
  const self = useSelf();
  usePageTitle(t('logistics.partnerships.title'));
  const role = self.data?.role;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('logistics.partnerships.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('logistics.partnerships.grinderIntro')}
        </Text>
      </Stack>
      <PartnershipsTable
        side="grinder"
        canManage={role ? hasPermission(role, 'grinding-locations:manage') : false}
      />
    </Stack>
  );
}
