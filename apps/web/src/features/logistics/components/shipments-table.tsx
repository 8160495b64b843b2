import type { Shipment } from '@kerf/contracts';
import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconHomeCheck, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, dateColumn, type TableColumn, textColumn } from '../../../components/data-table';
import { notifyError, notifySuccess } from '../../../components/feedback';
import { ToneBadge } from '../../../components/status';
import { SHIPMENTS_PAGE_SIZE, useReceiveShipmentBack, useShipments } from '../api/shipments';
import { StayStateBadge } from './custody-state-badge';

/** Shipments to and from the grinding shops, newest first, with where each knife is now. */
export function ShipmentsTable({
  knifePath,
  emptyAction,
}: {
  knifePath: (rfid: string) => string;
  emptyAction?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const shipments = useShipments(page - 1);
  const receive = useReceiveShipmentBack();
  const onReceive = (shipment: Shipment) =>
    receive.mutate(shipment.id, {
      onSuccess: () =>
        notifySuccess(
          t('logistics.shipments.received', {
            count: shipment.knives.filter((knife) => knife.state === 'SHIPPED_BACK').length,
          }),
          undefined,
          t('actions.close'),
        ),
      onError: (error) => notifyError(error, t, i18n),
    });
  const direction = (s: Shipment) =>
    s.direction === 'TO_GRINDER' ? (
      <ToneBadge color="blue" icon={IconTruckDelivery}>
        {t('logistics.shipments.toGrinder')}
      </ToneBadge>
    ) : (
      <ToneBadge color="green" icon={IconArrowBackUp}>
        {t('logistics.shipments.toOwner')}
      </ToneBadge>
    );
  const columns: TableColumn<Shipment>[] = [
    dateColumn('shippedAt', t('logistics.shipments.shippedAt'), (s) => s.shippedAt, {
      withTime: true,
      sortable: false,
    }),
    {
      accessor: 'direction',
      title: t('logistics.shipments.direction'),
      render: (s) => direction(s),
      visibleFrom: 'xs',
    },
    textColumn('grindingShopName', t('logistics.shipments.partner'), (s) => s.grindingShopName, {
      visibleFrom: 'sm',
    }),
    {
      accessor: 'knives',
      title: t('logistics.shipments.knives'),
      render: (s) => (
        <Stack gap={4}>
          {/* a phone shows the direction here, and a knife's state under its RFID */}
          <Box hiddenFrom="xs">{direction(s)}</Box>
          {s.knives.map((knife) => (
            <Group key={knife.id} gap="xs">
              <Anchor
                component={Link}
                to={knifePath(knife.rfid)}
                ff="monospace"
                size="sm"
                dir="ltr"
                translate="no"
              >
                {knife.rfid}
              </Anchor>
              <StayStateBadge stay={knife} />
            </Group>
          ))}
          {s.knives.length === 0 && <Text size="sm">–</Text>}
          {s.direction === 'TO_OWNER' && s.knives.some((knife) => knife.state === 'SHIPPED_BACK') && (
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconHomeCheck size={16} aria-hidden />}
                aria-label={t('logistics.shipments.receiveAllLabel')}
                loading={receive.isPending && receive.variables === s.id}
                onClick={() => onReceive(s)}
              >
                {t('logistics.shipments.receiveAll')}
              </Button>
            </Group>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <DataTable
      label={t('logistics.shipments.title')}
      columns={columns}
      idAccessor="id"
      records={shipments.data?.items}
      isLoading={shipments.isPending}
      error={shipments.error}
      onRetry={() => void shipments.refetch()}
      totalRecords={shipments.data?.total ?? 0}
      page={page}
      onPageChange={setPage}
      recordsPerPage={SHIPMENTS_PAGE_SIZE}
      onRecordsPerPageChange={() => undefined}
      sortStatus={{ columnAccessor: 'shippedAt', direction: 'desc' }}
      onSortStatusChange={() => undefined}
      empty={{
        title: t('logistics.shipments.empty'),
        description: t('logistics.shipments.emptyHint'),
        action: emptyAction,
      }}
    />
  );
}
