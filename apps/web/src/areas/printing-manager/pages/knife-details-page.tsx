import { Anchor, Breadcrumbs, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHomeCheck, IconHourglass, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { notifyError, notifySuccess } from '../../../components/feedback';
import { usePageTitle } from '../../../components/layout';
import { SwapUrgencyBadge } from '../../../components/status';
import {
  GrindingCyclesTable,
  KnifeCyclesChart,
  KnifeEditModal,
  KnifeEvents,
  KnifeFacts,
  KnifeIntervalModal,
  KnifeStateBadge,
  useGrindingCycles,
  useKnife,
} from '../../../features/knives';
import {
  KnifeForecast,
  KnifePassport,
  RfidConflicts,
  useReceiveKnifeBack,
} from '../../../features/logistics';

/** Knife details: every field, the grinding cycles as chart and table, the knife's history; edit and interval. */
export function KnifeDetailsPage() {
  const { t, i18n } = useTranslation();
  const { rfid = '' } = useParams();
  const knife = useKnife(rfid);
  const receiveBack = useReceiveKnifeBack(rfid);
  const cycles = useGrindingCycles(rfid);
  const [dialog, setDialog] = useState<'edit' | 'interval' | null>(null);
  usePageTitle(t('knives.details.pageTitle', { rfid }));
  const data = knife.data;
  const isEditable = data?.state === 'ACTIVE';
  /** why a knife cannot be edited: at the grinder, on its way back, or scrapped */
  const notEditable =
    data?.state === 'AT_GRINDER'
      ? t('knives.edit.shipped')
      : data?.state === 'SHIPPED_BACK'
        ? t('knives.edit.shippedBack')
        : t('knives.edit.scrapped');
  const onReceiveBack = () =>
    receiveBack.mutate(undefined, {
      onSuccess: () => notifySuccess(t('knives.receiveBack.done', { rfid }), undefined, t('actions.close')),
      onError: (error) => notifyError(error, t, i18n),
    });

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to="..">
        {t('knives.title')}
      </Anchor>
      <Text translate="no" dir="ltr">
        {rfid}
      </Text>
    </Breadcrumbs>
  );
  if (knife.error) {
    return (
      <Stack>
        {crumbs}
        <ErrorAlert
          error={knife.error}
          action={
            <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void knife.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {crumbs}
      {!data ? (
        <Skeleton height={90} />
      ) : (
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={6} miw={0}>
            <Title order={1} ff="monospace" dir="ltr" translate="no" style={{ overflowWrap: 'anywhere' }}>
              {data.rfid}
            </Title>
            <Group gap="xs">
              <KnifeStateBadge state={data.state} />
              <SwapUrgencyBadge urgency={data.swapUrgency} />
              {data.knifeClassName && (
                <Text size="sm" c="dimmed" translate="no">
                  {data.knifeClassName}
                </Text>
              )}
            </Group>
          </Stack>
          <Group gap="xs">
            {data.state === 'SHIPPED_BACK' && (
              <Button
                leftSection={<IconHomeCheck size={18} aria-hidden />}
                loading={receiveBack.isPending}
                onClick={onReceiveBack}
              >
                {t('knives.receiveBack.open')}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconHourglass size={18} aria-hidden />}
              onClick={() => setDialog('interval')}
            >
              {t('knives.interval.open')}
            </Button>
            <Button
              leftSection={<IconPencil size={18} aria-hidden />}
              disabled={!isEditable}
              title={isEditable ? undefined : notEditable}
              onClick={() => setDialog('edit')}
            >
              {t('actions.edit')}
            </Button>
          </Group>
        </Group>
      )}
      {data && !isEditable && (
        <Text size="sm" c="dimmed">
          {data.state === 'SHIPPED_BACK' ? t('knives.receiveBack.hint') : notEditable}
        </Text>
      )}
      <RfidConflicts side="owner" rfid={rfid} />
      {data ? <KnifeFacts knife={data} /> : <Skeleton height={220} />}
      <KnifeForecast side="owner" knife={{ rfid, state: data?.state }} />
      <KnifeCyclesChart cycles={cycles.data} isLoading={cycles.isPending} error={cycles.error} />
      <Stack gap="lg">
        <Stack gap="xs" miw={0}>
          <Title order={2} size="h4">
            {t('knives.cycles.title')}
          </Title>
          <GrindingCyclesTable
            cycles={cycles.data}
            isLoading={cycles.isPending}
            error={cycles.error}
            onRetry={() => void cycles.refetch()}
          />
        </Stack>
        <KnifePassport side="owner" knife={{ rfid, state: data?.state }} />
        <KnifeEvents rfid={rfid} />
      </Stack>
      {dialog === 'edit' && data && <KnifeEditModal knife={data} onClose={() => setDialog(null)} />}
      {dialog === 'interval' && data && <KnifeIntervalModal knife={data} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
