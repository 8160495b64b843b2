import type { Tenant } from '@kerf/contracts';
import { useTranslation } from 'react-i18next';
import {
  activeColumn,
  codeColumn,
  DataTable,
  type DataTableColumn,
  dateColumn,
  nameColumn,
  useTableState,
} from '../../../components/data-table';
import { translateKey } from '../../../lib/i18n';
import { useAllTenants } from '../api/tenants';

/** Every client of the platform (system admin, customer service): name, ID, kind, state, since. */
export function TenantsTable() {
  const { t, i18n } = useTranslation();
  const query = useAllTenants();
  const kindLabel = (tenant: Tenant) => translateKey(t, `tenants.kinds.${tenant.kind}`);
  const table = useTableState(query.data?.items, i18n.language, {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (tenant) => `${tenant.name} ${tenant.slug} ${kindLabel(tenant)}`,
    sortValue: (tenant, column) =>
      column === 'kind' ? kindLabel(tenant) : String(tenant[column as keyof Tenant]),
  });

  const columns: DataTableColumn<Tenant>[] = [
    nameColumn('name', t('tenants.name'), (tenant) => tenant.name),
    codeColumn('slug', t('tenants.slug'), (tenant) => tenant.slug, { sortable: true }),
    { accessor: 'kind', title: t('tenants.kind'), sortable: true, render: kindLabel },
    activeColumn('active', t('tenants.active'), (tenant) => tenant.active, {
      active: t('tenants.active'),
      inactive: t('tenants.inactive'),
    }),
    dateColumn('createdAt', t('tenants.createdAt'), (tenant) => tenant.createdAt),
  ];

  return (
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
  );
}
