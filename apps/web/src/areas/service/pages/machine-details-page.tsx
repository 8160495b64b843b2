import { MACHINE_ACCESS_MAX_MINUTES, SERVICE_TYPES, type ServiceType } from '@kerf/contracts';
import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { orEmpty } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/errors';
import { confirm, notifyError, notifySuccess } from '../../../components/feedback';
import { DateText, DurationText } from '../../../components/format';
import { usePageTitle } from '../../../components/layout';
import { MachineStatusBadge } from '../../../components/status';
import {
  MachineAccessesTable,
  useCloseMachineAccess,
  useMachineBySerial,
  useOpenMachineService,
} from '../../../features/customer-service';
import { machineState } from '../../../features/machines';
import { useSelf } from '../../../features/session';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { BackButton } from '../../shared';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={600}>
        {children}
      </Text>
    </Card>
  );
}

/** A machine at a customer: its state and last 24 hours, opening a connection, the connections table. */
export function MachineDetailsPage() {
  const { t, i18n } = useTranslation();
  const { serial = '' } = useParams();
  const { data: self } = useSelf();
  const details = useMachineBySerial(serial);
  const open = useOpenMachineService(serial);
  const close = useCloseMachineAccess();
  const canConnect = self?.permissions.includes('machine-access:use') ?? false;
  const data = details.data;
  usePageTitle(data ? `${data.machine.name} · ${data.machine.serialNumber}` : serial);

  const onOpen = async (serviceType: ServiceType) => {
    // a connection reaches into a customer's machine: say what will happen and ask first
    const confirmed = await confirm({
      title: t('customerService.openConfirm.title', {
        type: translateKey(t, `customerService.serviceTypes.${serviceType}`),
      }),
      message: t('customerService.openConfirm.message', {
        machine: data?.machine.name ?? serial,
        customer: data?.machine.tenantName ?? '',
        minutes: MACHINE_ACCESS_MAX_MINUTES,
      }),
      confirmLabel: t('customerService.openConfirm.confirm'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    try {
      const access = await open.mutateAsync(serviceType);
      if (access.state === 'FAILED') notifyError(null, t, i18n, t('customerService.connectionFailed'));
      else notifySuccess(t('customerService.connectionOpened'));
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <BackButton fallback="/service/machines" />
        {details.error ? (
          <ErrorAlert error={details.error} />
        ) : !data ? (
          <Skeleton height={160} />
        ) : (
          <>
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Title order={1} translate="no">
                  {data.machine.name}
                </Title>
                <Group gap="sm">
                  <Text ff="monospace" dir="ltr" translate="no">
                    {data.machine.serialNumber}
                  </Text>
                  <MachineStatusBadge status={machineState(data.machine)} />
                </Group>
                <Anchor component={Link} to={`/service/tenants/${data.machine.tenantId}`} translate="no">
                  {data.machine.tenantName}
                </Anchor>
              </Stack>
              {canConnect && (
                <Group gap="xs">
                  {SERVICE_TYPES.map((type) => (
                    <Button
                      key={type}
                      variant="light"
                      leftSection={<IconPlugConnected size={18} aria-hidden />}
                      loading={open.isPending && open.variables === type}
                      onClick={() => void onOpen(type)}
                    >
                      {t(`customerService.serviceTypes.${type}`)}
                    </Button>
                  ))}
                </Group>
              )}
            </Group>
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              <Fact label={t('customerService.model')}>
                {orEmpty([data.machine.manufacturer, data.machine.type].filter(Boolean).join(' '))}
              </Fact>
              <Fact label={t('customerService.location')}>{orEmpty(data.machine.locationName)}</Fact>
              <Fact label={t('customerService.cutsLast24h')}>
                {formatNumber(data.cutsLast24h, i18n.language)}
              </Fact>
              <Fact label={t('customerService.uptimeLast24h')}>
                <DurationText seconds={data.runningSecondsLast24h} />
              </Fact>
              <Fact label={t('customerService.lastSeen')}>
                {data.machine.lastSeenAt ? (
                  <DateText value={data.machine.lastSeenAt} withTime />
                ) : (
                  orEmpty(null)
                )}
              </Fact>
              <Fact label={t('customerService.licensedAt')}>
                {data.machine.licensedAt ? <DateText value={data.machine.licensedAt} /> : orEmpty(null)}
              </Fact>
              <Fact label={t('customerService.totalCuts')}>
                {formatNumber(data.machine.totalCuts, i18n.language)}
              </Fact>
            </SimpleGrid>
            <Title order={2} size="h3">
              {t('customerService.connectionsTitle')}
            </Title>
            <MachineAccessesTable
              accesses={data.accesses}
              closing={close.isPending}
              onCloseAccess={canConnect ? (access) => close.mutate(access.id) : undefined}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
