import type { Customer } from '@kerf/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  codeColumn,
  DataTable,
  nameColumn,
  orEmpty,
  type TableColumn,
  useTableState,
} from '../../../components/data-table';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useCustomers } from '../api/customers';

/** The customers (tenants) the service user looks after; a row opens the customer. */
export function CustomersTable({ hrefOf }: { hrefOf: (customer: Customer) => string }) {
  const { t, i18n } = useTranslation();
  const query = useCustomers();
  const kind = (customer: Customer) => translateKey(t, `tenants.kinds.${customer.kind}`);
  const table = useTableState(query.data, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (c) => `${c.name} ${c.slug} ${c.serviceAreas.map((a) => a.name).join(' ')}`,
    sortValue: (c, column) =>
      column === 'kind' ? kind(c) : column === 'serviceAreas' ? c.serviceAreas[0]?.name : undefined,
  });
  const columns: TableColumn<Customer>[] = [
    nameColumn('name', t('tenants.name'), (c) => c.name),
    codeColumn('slug', t('tenants.slug'), (c) => c.slug, { sortable: true, priority: 'low' }),
    { accessor: 'kind', title: t('tenants.kind'), sortable: true, render: kind, priority: 'low' },
    {
      accessor: 'serviceAreas',
      title: t('customerService.serviceArea'),
      sortable: true,
      priority: 'low',
      render: (c) =>
        orEmpty(
          <Text size="sm" translate="no">
            {c.serviceAreas.map((a) => a.name).join(', ')}
          </Text>,
        ),
    },
    {
      accessor: 'machineCount',
      title: t('customerService.machines'),
      sortable: true,
      numeric: true,
      render: (c) => formatNumber(c.machineCount, i18n.language),
    },
    {
      accessor: 'onlineMachineCount',
      title: t('customerService.online'),
      sortable: true,
      numeric: true,
      render: (c) => formatNumber(c.onlineMachineCount, i18n.language),
    },
  ];
  return (
    <DataTable<Customer>
      label={t('customerService.customersTitle')}
      columns={columns}
      idAccessor="id"
      isLoading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={{ title: t('customerService.noCustomers'), description: t('customerService.noCustomersHint') }}
      rowHref={hrefOf}
      {...table}
    />
  );
}
