import type { AuditRecord } from '@kerf/contracts';
import { Code, Group, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeText, DataTable, dateColumn, orEmpty, type TableColumn } from '../../../components/data-table';
import { useSystemAudit } from '../api/audit';
import { useServerPaging } from './use-server-paging';
import { TenantFilter } from './users-admin';

const NO_SORT = { columnAccessor: 'at', direction: 'desc' } as const;

/** The audit log of every tenant, newest first, filtered by tenant, actor, action and time. */
export function AuditLogTable() {
  const { t } = useTranslation();
  const paging = useServerPaging();
  const [tenantId, setTenantId] = useState<string | null>(null);
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState<Date | null>(null);
  const [to, setTo] = useState<Date | null>(null);
  const [debounced] = useDebouncedValue({ actor, action }, 300);
  const query = useSystemAudit({
    page: paging.query.page,
    page_size: paging.query.page_size,
    tenant_id: tenantId ?? undefined,
    actor: debounced.actor.trim() || undefined,
    action: debounced.action.trim() || undefined,
    from: from?.toISOString(),
    to: to?.toISOString(),
  });
  const filter =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      paging.resetPage();
    };

  const columns: TableColumn<AuditRecord>[] = [
    dateColumn('at', t('systemAdmin.audit.at'), (entry) => entry.at, { withTime: true }),
    {
      accessor: 'tenantSlug',
      title: t('systemAdmin.users.tenant'),
      priority: 'low',
      render: (entry) => <CodeText value={entry.tenantSlug} />,
    },
    {
      accessor: 'actorUsername',
      title: t('systemAdmin.audit.actor'),
      render: (entry) => (
        <CodeText value={entry.actorUsername ?? (entry.actorUserId ? null : t('systemAdmin.audit.system'))} />
      ),
    },
    {
      accessor: 'action',
      title: t('systemAdmin.audit.action'),
      render: (entry) => <CodeText value={entry.action} breakAnywhere />,
    },
    {
      accessor: 'details',
      title: t('systemAdmin.audit.details'),
      priority: 'low',
      render: (entry) =>
        entry.details || entry.targetType ? (
          <Code dir="ltr" translate="no" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {[
              entry.targetType && `${entry.targetType} ${entry.targetId ?? ''}`.trim(),
              entry.details && JSON.stringify(entry.details),
            ]
              .filter(Boolean)
              .join(' ')}
          </Code>
        ) : (
          orEmpty(null)
        ),
    },
    {
      accessor: 'ip',
      title: t('systemAdmin.audit.ip'),
      visibleFrom: 'lg',
      render: (entry) => (
        <Text span size="sm" dir="ltr">
          {orEmpty(entry.ip)}
        </Text>
      ),
    },
  ];

  return (
    <>
      <Group align="end" wrap="wrap">
        <TenantFilter value={tenantId} onChange={filter(setTenantId)} />
        <TextInput
          label={t('systemAdmin.audit.actor')}
          placeholder={t('systemAdmin.audit.actorPlaceholder')}
          value={actor}
          onChange={(event) => filter(setActor)(event.currentTarget.value)}
        />
        <TextInput
          label={t('systemAdmin.audit.action')}
          placeholder="auth.login"
          dir="ltr"
          value={action}
          onChange={(event) => filter(setAction)(event.currentTarget.value)}
        />
        <DateTimePicker
          label={t('systemAdmin.audit.from')}
          // room for a date and time ("27.11.2026 14:05") and the clear button, not 30 px
          miw={220}
          clearable
          value={from}
          onChange={(v) => filter(setFrom)(v ? new Date(v) : null)}
        />
        <DateTimePicker
          label={t('systemAdmin.audit.to')}
          // room for a date and time ("27.11.2026 14:05") and the clear button, not 30 px
          miw={220}
          clearable
          value={to}
          onChange={(v) => filter(setTo)(v ? new Date(v) : null)}
        />
      </Group>
      <DataTable<AuditRecord>
        label={t('systemAdmin.audit.title')}
        columns={columns}
        idAccessor="id"
        records={query.data?.items}
        totalRecords={query.data?.total ?? 0}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        sortStatus={NO_SORT}
        onSortStatusChange={() => {}}
        empty={{ title: t('systemAdmin.audit.empty') }}
        page={paging.table.page}
        onPageChange={paging.table.onPageChange}
        recordsPerPage={paging.table.recordsPerPage}
        onRecordsPerPageChange={paging.table.onRecordsPerPageChange}
      />
    </>
  );
}
