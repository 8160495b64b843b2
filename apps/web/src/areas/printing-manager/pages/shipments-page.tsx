import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { ShipKnivesModal, ShipmentsTable, usePartnerships } from '../../../features/logistics';

/** Knives on their way to and from the grinding shops: send knives, see where each one is. */
export function ShipmentsPage() {
  const { t } = useTranslation();
  const partnerships = usePartnerships('owner');
  const [shipping, setShipping] = useState(false);
  usePageTitle(t('logistics.shipments.title'));
  const hasPartner = (partnerships.data ?? []).some((p) => p.state === 'ACTIVE');
  const ship = (
    <Button
      leftSection={<IconTruckDelivery size={18} aria-hidden />}
      disabled={!hasPartner}
      onClick={() => setShipping(true)}
    >
      {t('logistics.ship.open')}
    </Button>
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('logistics.shipments.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('logistics.shipments.intro')}
          </Text>
        </Stack>
        {ship}
      </Group>
      {partnerships.data && !hasPartner && (
        <Alert color="blue" variant="light">
          {t('logistics.shipments.noPartner')}
        </Alert>
      )}
      <ShipmentsTable knifePath={(rfid) => `../knives/${rfid}`} emptyAction={hasPartner ? ship : undefined} />
      {shipping && partnerships.data && (
        <ShipKnivesModal partnerships={partnerships.data} onClose={() => setShipping(false)} />
      )}
    </Stack>
  );
}
