import type { ServiceArea } from '@kerf/contracts';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  DataTable,
  DeleteRowAction,
  EditRowAction,
  nameColumn,
  orEmpty,
  type TableColumn,
  useTableState,
} from '../../../components/data-table';
import { usePageTitle } from '../../../components/layout';
import { ServiceAreaFormModal, useServiceAreas } from '../../../features/customer-service';
import { formatNumber } from '../../../lib/format';
import { useDeleteAreaFlow } from './use-delete-area';

/** product.md §2: the service-areas overview with add, edit and delete. */
export function ServiceAreasPage() {
  const { t, i18n } = useTranslation();
  const areas = useServiceAreas();
  const [editing, setEditing] = useState<ServiceArea | 'new' | null>(null);
  const deleteArea = useDeleteAreaFlow();
  usePageTitle(t('customerService.areas.title'));
  const table = useTableState(areas.data, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (a) => `${a.name} ${a.customers.map((c) => c.name).join(' ')}`,
    sortValue: (a, column) => (column === 'customers' ? a.customers.length : undefined),
  });
  const number = (n: number) => formatNumber(n, i18n.language);
  const columns: TableColumn<ServiceArea>[] = [
    nameColumn('name', t('customerService.areas.name'), (a) => a.name),
    {
      accessor: 'customers',
      title: t('customerService.customers'),
      sortable: true,
      priority: 'low',
      render: (a) =>
        orEmpty(
          a.customers.length > 0 && (
            <Text size="sm" translate="no">
              {a.customers.map((c) => c.name).join(', ')}
            </Text>
          ),
        ),
    },
    {
      accessor: 'employeeCount',
      title: t('customerService.employeesTitle'),
      sortable: true,
      numeric: true,
      // a phone shows the name, the machines and the actions; the employees are in the details
      priority: 'low',
      render: (a) => number(a.employeeCount),
    },
    {
      accessor: 'machineCount',
      title: t('customerService.machines'),
      sortable: true,
      numeric: true,
      render: (a) => number(a.machineCount),
    },
    actionsColumn<ServiceArea>(t('table.actions'), (a) => (
      <>
        <EditRowAction name={a.name} onClick={() => setEditing(a)} />
        <DeleteRowAction name={a.name} onClick={() => void deleteArea(a)} />
      </>
    )),
  ];
  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{t('customerService.areas.title')}</Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('customerService.areas.add')}
          </Button>
        </Group>
        <DataTable<ServiceArea>
          label={t('customerService.areas.title')}
          columns={columns}
          idAccessor="id"
          isLoading={areas.isPending}
          error={areas.error}
          onRetry={() => void areas.refetch()}
          empty={{
            title: t('customerService.areas.empty'),
            action: <Button onClick={() => setEditing('new')}>{t('customerService.areas.add')}</Button>,
          }}
          rowHref={(area) => `service-areas/${area.id}`}
          {...table}
        />
      </Stack>
      {editing && (
        <ServiceAreaFormModal
          area={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Container>
  );
}
