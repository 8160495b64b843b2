import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconRecycle, IconTool } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { confirm, notifyError, notifySuccess } from '../../../components/feedback';
import { usePageTitle } from '../../../components/layout';
import { GrindingCyclesTable, KnifeStateBadge } from '../../../features/knives';
import {
  GrindingCycleModal,
  KnifeForecast,
  KnifePassport,
  useGrinderKnife,
  useScrapKnife,
  useShipBack,
} from '../../../features/logistics';
import { isApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';

/** A knife on the grinder's bench: its owner and measurements, record a grinding, ship back or scrap. */
export function GrinderKnifePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { owner = '', rfid = '' } = useParams();
  const knife = useGrinderKnife(owner, rfid);
  const scrap = useScrapKnife(owner, rfid);
  const shipBack = useShipBack();
  const [recording, setRecording] = useState(false);
  usePageTitle(t('grinder.knife.pageTitle', { rfid }));
  const locale = i18n.language;
  const mm = (value: number | null) =>
    value === null ? '–' : t('logistics.mm', { value: formatNumber(value, locale, 2) });
  const data = knife.data;
  const isGone = isApiError(knife.error) && knife.error.status === 404;

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to="../../../..">
        {t('grinder.workbench.title')}
      </Anchor>
      <Text translate="no" dir="ltr">
        {rfid}
      </Text>
    </Breadcrumbs>
  );

  const onScrap = async () => {
    const ok = await confirm({
      title: t('grinder.scrap.title', { rfid }),
      message: t('grinder.scrap.message', { owner: data?.ownerName ?? '' }),
      confirmLabel: t('grinder.scrap.confirm'),
      cancelLabel: t('actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    scrap.mutate(undefined, {
      onSuccess: () => notifySuccess(t('grinder.scrap.done', { rfid }), undefined, t('actions.close')),
      onError: (error) => notifyError(error, t, i18n),
    });
  };
  const onShipBack = () =>
    shipBack.mutate(
      { owner, rfids: [rfid] },
      {
        onSuccess: (shipment) => {
          notifySuccess(
            t('grinder.shipBack.done', { count: 1, owner: shipment.printingShopName }),
            undefined,
            t('actions.close'),
          );
          void navigate('../../../..', { relative: 'path' });
        },
        onError: (error) => notifyError(error, t, i18n),
      },
    );

  const fact = (label: string, value: React.ReactNode) => (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );

  return (
    <Stack gap="lg">
      {crumbs}
      {isGone ? (
        <Alert color="blue" variant="light">
          {t('grinder.knife.gone')}
        </Alert>
      ) : knife.error ? (
        <ErrorAlert error={knife.error} />
      ) : !data ? (
        <Skeleton height={200} />
      ) : (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={6} miw={0}>
              <Title order={1} ff="monospace" dir="ltr" translate="no" style={{ overflowWrap: 'anywhere' }}>
                {data.rfid}
              </Title>
              <Group gap="xs">
                <KnifeStateBadge state={data.state} />
                <Text size="sm">{t('grinder.knife.owner', { owner: data.ownerName })}</Text>
                {data.knifeClassName && (
                  <Text size="sm" c="dimmed" translate="no">
                    {data.knifeClassName}
                  </Text>
                )}
              </Group>
            </Stack>
            <Group gap="xs">
              <Button leftSection={<IconTool size={18} aria-hidden />} onClick={() => setRecording(true)}>
                {t('grinder.knife.record')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconArrowBackUp size={18} aria-hidden />}
                loading={shipBack.isPending}
                onClick={onShipBack}
              >
                {t('grinder.knife.shipBack')}
              </Button>
              <Button
                variant="default"
                color="red"
                leftSection={<IconRecycle size={18} aria-hidden />}
                loading={scrap.isPending}
                onClick={() => void onScrap()}
              >
                {t('grinder.knife.scrap')}
              </Button>
            </Group>
          </Group>
          <Card withBorder padding="md">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="lg">
              {fact(t('knives.fields.height'), mm(data.height))}
              {fact(t('knives.fields.originalHeight'), mm(data.originalHeight))}
              {fact(t('knives.fields.backThickness'), mm(data.backThickness))}
              {fact(
                t('knives.cycles.angles'),
                [data.angleVf, data.angleHf, data.angleTm]
                  .map((value) => (value === null ? '–' : formatNumber(value, locale, 1)))
                  .join(' / '),
              )}
              {fact(
                t('knives.fields.cutsSinceLastGrinding'),
                formatNumber(data.cutsSinceLastGrinding, locale),
              )}
              {fact(t('knives.fields.rotation'), formatNumber(data.rotation, locale))}
            </SimpleGrid>
          </Card>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('grinder.knife.ownCycles')}
            </Title>
            <GrindingCyclesTable
              cycles={[...data.cycles].reverse()}
              isLoading={false}
              error={null}
              onRetry={() => undefined}
            />
          </Stack>
          <KnifeForecast side="grinder" knife={{ owner, rfid, state: data.state }} />
          {recording && <GrindingCycleModal knife={data} onClose={() => setRecording(false)} />}
        </>
      )}
      <KnifePassport side="grinder" knife={{ owner, rfid, state: data?.state }} />
    </Stack>
  );
}
