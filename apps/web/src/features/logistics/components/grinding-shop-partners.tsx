import { hasPermission } from '@kerf/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { useSelf } from '../../session';
import { PartnershipsTable } from './partnerships-table';

/**
 * The grinding shop's page of the printing shops that send knives here, for its grinders (read only)
 * and its admin, who accepts or ends a partnership.
 */
export function GrindingShopPartnersPage() {
  const { t } = useTranslation();
  const self = useSelf();
  usePageTitle(t('logistics.partnerships.grinderTitle'));
  const role = self.data?.role;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('logistics.partnerships.grinderTitle')}</Title>
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
