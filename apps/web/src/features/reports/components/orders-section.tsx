import { type CuttingJobReportRowSchema, exportCuttingJobsReport } from '@kerf/contracts';
import { Badge, Group } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { DataTable, type DataTableSortStatus, type TableColumn } from '../../../components/data-table';
import { DateText } from '../../../components/format';
import { CUTTING_JOBS_PAGE_SIZE, useCuttingJobsReport } from '../api/cutting-jobs';
import type { ReportFilter } from '../api/report-filter';
import { CsvButton, csvFileName } from './csv-button';
import { useReportFormat } from './report-format';

type Row = z.infer<typeof CuttingJobReportRowSchema>;

const STATE_COLORS = { OPEN: 'steel', CLOSED: 'gray', CANCELLED: 'red' } as const;

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

  const columns: TableColumn<Row>[] = [
    {
      accessor: 'name',
      title: f.t('reports.orders.name'),
      render: (row) => (
        <span translate="no" dir="auto">
          {row.name}
        </span>
      ),
    },
    {
      accessor: 'orderNumber',
      title: f.t('reports.orders.orderNumber'),
      priority: 'low',
      render: (row) => <span translate="no">{row.orderNumber ?? ''}</span>,
    },
    {
      accessor: 'machine',
      title: f.t('reports.columns.machine'),
      priority: 'low',
      render: (row) => <span translate="no">{row.machine.name}</span>,
    },
    {
      accessor: 'state',
      title: f.t('reports.orders.state'),
      render: (row) => (
        <Badge variant="light" color={STATE_COLORS[row.state]} style={{ textTransform: 'none' }}>
          {f.t(`reports.orders.states.${row.state}`)}
        </Badge>
      ),
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
      render: (row) => f.duration(row.durationSeconds),
    },
    {
      accessor: 'cuts',
      title: f.t('reports.columns.cuts'),
      numeric: true,
      render: (row) => f.count(row.cuts),
    },
    {
      accessor: 'processingSeconds',
      title: f.t('reports.orders.processing'),
      numeric: true,
      priority: 'low',
      render: (row) => f.duration(row.processingSeconds),
    },
    {
      accessor: 'downtimeSeconds',
      title: f.t('reports.orders.downtime'),
      numeric: true,
      priority: 'low',
      render: (row) => f.duration(row.downtimeSeconds),
    },
    {
      accessor: 'supportSeconds',
      title: f.t('reports.orders.support'),
      numeric: true,
      priority: 'low',
      render: (row) => f.duration(row.supportSeconds),
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
