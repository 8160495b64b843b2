import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import { InvitePartnerModal, PartnershipsTable } from '../../../features/logistics';

/** The printing shop's grinding-shop partners: invite one, see the knives with each, end a partnership. */
export function GrindingPartnersPage() {
  const { t } = useTranslation();
  const [inviting, setInviting] = useState(false);
  usePageTitle(t('logistics.partnerships.title'));
  const invite = (
    <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setInviting(true)}>
      {t('logistics.invite.open')}
    </Button>
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('logistics.partnerships.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('logistics.partnerships.ownerIntro')}
          </Text>
        </Stack>
        {invite}
      </Group>
      <PartnershipsTable side="owner" canManage emptyAction={invite} />
      {inviting && <InvitePartnerModal onClose={() => setInviting(false)} />}
    </Stack>
  );
}
