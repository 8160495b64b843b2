import { type CuttingJobReportRowSchema, exportCuttingJobsReport } from '@kerf/contracts';
import { Badge, Box, Group, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { z } from 'zod';
import { DataTable, type DataTableSortStatus, type TableColumn } from '../../../components/data-table';
import { DateText, DurationText } from '../../../components/format';
import { CUTTING_JOBS_PAGE_SIZE, useCuttingJobsReport } from '../api/cutting-jobs';
import type { ReportFilter } from '../api/report-filter';
import { CsvButton, csvFileName } from './csv-button';
import { useReportFormat } from './report-format';

type Row = z.infer<typeof CuttingJobReportRowSchema>;

const STATE_COLORS = { PLANNED: 'blue', OPEN: 'steel', CLOSED: 'gray', CANCELLED: 'red' } as const;

/**
 * Reporting, section Orders: the cutting jobs overlapping the period, 25 a page, filtered by name
 * with the page's search (`cuttingJobNameFilter`); CSV of all of them.
 */
export function OrdersReportSection({ filter }: { filter: ReportFilter }) {
  const f = useReportFormat();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(CUTTING_JOBS_PAGE_SIZE);
  const [filterKey, setFilterKey] = useState('');
  const name = filter.search.trim();
  // a new filter starts at the first page again
  const key = JSON.stringify([filter.period, filter.locations, name]);
  if (key !== filterKey) {
    setFilterKey(key);
    setPage(1);
  }
  const base = {
    startDate: filter.period.startDate,
    endDate: filter.period.endDate,
    timeZone: filter.timeZone,
    ...(filter.locations.length > 0 ? { locations: filter.locations } : {}),
    ...(name ? { cuttingJobNameFilter: name } : {}),
  };
  const jobs = useCuttingJobsReport({ ...base, page: page - 1, page_size: pageSize });
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>({
    // the server answers newest first and sorts no other way: no column shows a sort state
    columnAccessor: 'id',
    direction: 'desc',
  });
  const section = f.t('reports.sections.orders');
  const theme = useMantineTheme();
  // from `sm` up the state has its own column
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`) ?? false;

  const stateBadge = (row: Row) => (
    <Badge
      variant="light"
      color={STATE_COLORS[row.state]}
      style={{ textTransform: 'none', flexShrink: 0, minWidth: 'max-content' }}
    >
      {f.t(`reports.orders.states.${row.state}`)}
    </Badge>
  );
  const columns: TableColumn<Row>[] = [
    {
      accessor: 'name',
      title: (
        <>
          <span style={{ display: 'block' }}>{f.t('reports.orders.name')}</span>
          <Text span size="xs" c="dimmed" fw={500} display="block" style={{ whiteSpace: 'normal' }}>
            {f.t('reports.orders.orderNumber')} · {f.t('reports.columns.machine')}
          </Text>
        </>
      ),
      // order number and machine under the name (two columns less), and on a phone the state too
      render: (row) => (
        <>
          <Text span size="sm" translate="no" dir="auto" display="block">
            {row.name}
          </Text>
          <Text span size="xs" c="dimmed" translate="no" display="block">
            {[row.orderNumber, row.machine.name].filter(Boolean).join(' · ')}
          </Text>
          {!wide && <Box mt={4}>{stateBadge(row)}</Box>}
        </>
      ),
    },
    {
      accessor: 'state',
      title: f.t('reports.orders.state'),
      visibleFrom: 'sm',
      render: stateBadge,
    },
    {
      accessor: 'startDate',
      title: f.t('reports.orders.start'),
      render: (row) => <DateText value={row.startDate} withTime />,
    },
    {
      accessor: 'durationSeconds',
      title: f.t('reports.duration'),
      numeric: true,
      visibleFrom: 'sm',
      render: (row) => <DurationText seconds={row.durationSeconds} />,
    },
    {
      accessor: 'cuts',
      title: f.t('reports.columns.cuts'),
      numeric: true,
      render: (row) => f.count(row.cuts),
    },
    {
      // below the widest screens the three times share one column, one line each
      accessor: 'times',
      title: (
        <>
          {[
            f.t('reports.orders.processing'),
            f.t('reports.orders.downtime'),
            f.t('reports.orders.support'),
          ].map((title) => (
            <span key={title} style={{ display: 'block' }}>
              {title}
            </span>
          ))}
        </>
      ),
      numeric: false,
      visibleMediaQuery: (theme) =>
        `(min-width: ${theme.breakpoints.md}) and (max-width: calc(${theme.breakpoints.xl} - 1px))`,
      render: (row) => (
        <Text
          span
          size="sm"
          display="block"
          style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        >
          {[row.processingSeconds, row.downtimeSeconds, row.supportSeconds].map((seconds, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: three fixed positions
            <span key={index} style={{ display: 'block' }}>
              {f.duration(seconds)}
            </span>
          ))}
        </Text>
      ),
    },
    {
      accessor: 'processingSeconds',
      title: f.t('reports.orders.processing'),
      numeric: true,
      visibleFrom: 'xl',
      render: (row) => <DurationText seconds={row.processingSeconds} />,
    },
    {
      accessor: 'downtimeSeconds',
      title: f.t('reports.orders.downtime'),
      numeric: true,
      visibleFrom: 'xl',
      render: (row) => <DurationText seconds={row.downtimeSeconds} />,
    },
    {
      accessor: 'supportSeconds',
      title: f.t('reports.orders.support'),
      numeric: true,
      visibleFrom: 'xl',
      render: (row) => <DurationText seconds={row.supportSeconds} />,
    },
  ];

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <CsvButton
          contract={exportCuttingJobsReport}
          query={base}
          fileName={csvFileName('orders')}
          section={section}
        />
      </Group>
      <DataTable<Row>
        label={section}
        columns={columns}
        idAccessor="id"
        records={jobs.data?.items}
        isLoading={jobs.isPending}
        error={jobs.error}
        onRetry={() => void jobs.refetch()}
        totalRecords={jobs.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        recordsPerPage={pageSize}
        onRecordsPerPageChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        empty={{ title: f.t('reports.orders.empty'), description: f.t('reports.orders.emptyText') }}
      />
    </>
  );
}
