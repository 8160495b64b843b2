import type { ManufacturerAccess, SupportAccess } from '@kerf/contracts';
import { Card, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, dateColumn, nameColumn, orEmpty, type TableColumn } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/errors';
import { notifyError, notifySaved } from '../../../components/feedback';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useManufacturerAccesses, useSetManufacturerAccess, useSupportAccesses } from '../api/manufacturers';

/** Tenant admin: every read of the tenant's data by customer service or a manufacturer, newest first. */
export function SupportAccessesTable() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const query = useSupportAccesses(page - 1, pageSize);
  const columns: TableColumn<SupportAccess>[] = [
    dateColumn('at', t('customerService.accessLog.at'), (a) => a.at, { withTime: true }),
    nameColumn('actorName', t('customerService.accessLog.who'), (a) => a.actorName, { sortable: false }),
    {
      accessor: 'actorRole',
      title: t('customerService.accessLog.role'),
      render: (a) => orEmpty(a.actorRole ? translateKey(t, `roles.${a.actorRole}`) : null),
      priority: 'low',
    },
    {
      accessor: 'action',
      title: t('customerService.accessLog.what'),
      render: (a) => (
        <>
          {translateKey(t, `customerService.accessLog.actions.${a.action.replace(/[.-]/g, '_')}`)}
          {/* a phone shows the object under what was read: four columns do not fit */}
          {a.targetLabel && (
            <Text size="xs" c="dimmed" translate="no" dir="auto" hiddenFrom="xs">
              {a.targetLabel}
            </Text>
          )}
        </>
      ),
    },
    {
      accessor: 'targetLabel',
      title: t('customerService.accessLog.object'),
      visibleFrom: 'xs',
      render: (a) =>
        orEmpty(
          a.targetLabel && (
            <Text span size="sm" translate="no" dir="auto">
              {a.targetLabel}
            </Text>
          ),
        ),
    },
  ];
  return (
    <DataTable<SupportAccess>
      label={t('customerService.accessLog.title')}
      columns={columns}
      idAccessor="id"
      records={query.data?.items}
      isLoading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      totalRecords={query.data?.total ?? 0}
      page={page}
      onPageChange={setPage}
      recordsPerPage={pageSize}
      onRecordsPerPageChange={(size) => {
        setPageSize(size);
        setPage(1);
      }}
      sortStatus={{ columnAccessor: 'at', direction: 'desc' }}
      onSortStatusChange={() => {}}
      empty={{ title: t('customerService.accessLog.empty') }}
    />
  );
}

function ManufacturerRow({ access }: { access: ManufacturerAccess }) {
  const { t, i18n } = useTranslation();
  const set = useSetManufacturerAccess();
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Stack gap={2}>
        <Text fw={600} translate="no">
          {access.name}
        </Text>
        <Text size="sm" c="dimmed">
          {t('manufacturer.grants.machinesOfMake', {
            formatted: formatNumber(access.machineCount, i18n.language),
            make: access.make,
          })}
        </Text>
      </Stack>
      <Switch
        checked={access.granted}
        disabled={set.isPending}
        label={access.granted ? t('manufacturer.grants.granted') : t('manufacturer.grants.notGranted')}
        aria-label={t('manufacturer.grants.toggle', { name: access.name })}
        onChange={async (event) => {
          try {
            await set.mutateAsync({
              manufacturerId: access.manufacturerId,
              granted: event.currentTarget.checked,
            });
            notifySaved(t);
          } catch (error) {
            notifyError(error, t, i18n);
          }
        }}
      />
    </Group>
  );
}

/** Tenant admin: which machine manufacturers may see the tenant's machines of their make (read-only). */
export function ManufacturerAccessList() {
  const { t } = useTranslation();
  const query = useManufacturerAccesses();
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Text c="dimmed" size="sm" maw={720}>
          {t('manufacturer.grants.explain')}
        </Text>
        {query.error ? <ErrorAlert error={query.error} /> : null}
        {query.data?.length === 0 && <Text c="dimmed">{t('manufacturer.grants.none')}</Text>}
        {query.data?.map((access) => (
          <ManufacturerRow key={access.manufacturerId} access={access} />
        ))}
      </Stack>
    </Card>
  );
}
