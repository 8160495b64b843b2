import type { Tenant } from '@kerf/contracts';
import { Container, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/data-table';
import { DateText } from '../../../components/format';
import { usePageTitle } from '../../../components/layout';
import { ToneBadge } from '../../../components/status';
import { translateKey } from '../../../lib/i18n';
import { useAllTenants } from '../api/list-tenants';

/** Clients overview for the platform roles (system admin, customer service). */
export function TenantsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('tenants.title'));
  const query = useAllTenants();
  const kindLabel = (tenant: Tenant) => translateKey(t, `tenants.kinds.${tenant.kind}`);
  const table = useTableState(query.data?.items, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (tenant) => `${tenant.name} ${tenant.slug} ${kindLabel(tenant)}`,
    sortValue: (tenant, column) =>
      column === 'kind' ? kindLabel(tenant) : String(tenant[column as keyof Tenant]),
  });

  const columns: DataTableColumn<Tenant>[] = [
    {
      accessor: 'name',
      title: t('tenants.name'),
      sortable: true,
      render: (tenant) => (
        <Text fw={500} translate="no">
          {tenant.name}
        </Text>
      ),
    },
    {
      accessor: 'slug',
      title: t('tenants.slug'),
      sortable: true,
      render: (tenant) => (
        <Text span translate="no" dir="ltr" ff="monospace" size="sm">
          {tenant.slug}
        </Text>
      ),
    },
    { accessor: 'kind', title: t('tenants.kind'), sortable: true, render: kindLabel },
    {
      accessor: 'active',
      title: t('tenants.active'),
      render: (tenant) => (
        <ToneBadge
          color={tenant.active ? 'green.8' : 'gray.7'}
          icon={tenant.active ? IconCircleCheck : IconCircleOff}
        >
          {tenant.active ? t('tenants.active') : t('tenants.inactive')}
        </ToneBadge>
      ),
    },
    {
      accessor: 'createdAt',
      title: t('tenants.createdAt'),
      sortable: true,
      render: (tenant) => <DateText value={tenant.createdAt} />,
    },
  ];

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('tenants.title')}</Title>
        <DataTable<Tenant>
          label={t('tenants.title')}
          columns={columns}
          idAccessor="id"
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          empty={{ title: t('table.empty') }}
          {...table}
        />
      </Stack>
    </Container>
  );
}
