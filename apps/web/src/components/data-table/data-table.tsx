import {
  Anchor,
  Button,
  CloseButton,
  type MantineBreakpoint,
  type MantineTheme,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import clsx from 'clsx';
import {
  type DataTableColumn,
  type DataTableSortStatus,
  DataTable as MantineDataTable,
} from 'mantine-datatable';
import { type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../errors/error-alert';
import { EmptyState } from '../feedback/empty-state';
import { PAGE_SIZES, valueAt } from './use-table-state';
import './data-table.css';

/** CSS classes of data-table.css (stable names: the CSS, the table and its tests agree). */
export const TABLE_CLASSES = {
  root: 'kerf-data-table',
  actions: 'kerf-table-actions',
  numeric: 'kerf-table-numeric',
  /** a row that opens something: pointer cursor, and its first cell is the link or button */
  clickableRow: 'kerf-table-row-clickable',
  rowLink: 'kerf-table-row-link',
} as const;

/** Where a `priority: 'low'` column starts to show: it is the first to go on narrow screens. */
const LOW_PRIORITY_FROM: MantineBreakpoint = 'md';

/**
 * A low-priority column's value as a small line under a cell's main value, only where that column
 * gives way (a phone): the role under a user's name, the customer under a machine.
 */
export function NarrowScreenLine({ children, userData }: { children: ReactNode; userData?: boolean }) {
  return (
    <Text
      span
      display="block"
      size="xs"
      fw={400}
      c="dimmed"
      hiddenFrom={LOW_PRIORITY_FROM}
      dir="auto"
      translate={userData ? 'no' : undefined}
    >
      {children}
    </Text>
  );
}

/**
 * A column of DataTable: mantine-datatable's column plus layout hints, all optional. Columns size
 * to their content; only what is set here changes that.
 */
export type TableColumn<T> = DataTableColumn<T> & {
  /**
   * `high` (default) always shows; `low` shows from the `md` breakpoint up, so it is the first to
   * hide on a narrow screen (pseudonyms, personnel numbers, secondary dates).
   */
  priority?: 'high' | 'low';
  /** the breakpoint from which the column shows (instead of `priority`) */
  visibleFrom?: MantineBreakpoint;
  /**
   * A number column: aligned to the end side (right, in Arabic left), tabular figures, no wrapping.
   * Unset, a column whose values are all numbers counts as numeric.
   */
  numeric?: boolean;
  /**
   * The row actions: pinned to the end side so they stay visible however wide the table is, and as
   * narrow as their buttons. Unset, the column with accessor `actions` is the row actions.
   */
  rowActions?: boolean;
};

function isNumericColumn<T>(column: TableColumn<T>, records: readonly T[] | undefined): boolean {
  if (column.numeric !== undefined) return column.numeric;
  if (!records?.length) return false;
  let numbers = 0;
  for (const record of records) {
    const value = valueAt(record, String(column.accessor));
    if (typeof value === 'number' || typeof value === 'bigint') numbers += 1;
    else if (value !== null && value !== undefined) return false;
  }
  return numbers > 0;
}

const mergeClass = <A extends unknown[]>(
  extra: string,
  own: string | ((...args: A) => string | undefined) | undefined,
) => (typeof own === 'function' ? (...args: A) => clsx(extra, own(...args)) : clsx(extra, own));

/**
 * Turns the layout hints into mantine-datatable column props (the hints themselves are not passed
 * on). Alignment is `text-align: end` in data-table.css, so it mirrors with the page direction.
 */
function layoutColumns<T>(
  columns: readonly TableColumn<T>[],
  records: readonly T[] | undefined,
): DataTableColumn<T>[] {
  return columns.map((column) => {
    const { priority, visibleFrom, numeric: _numeric, rowActions, ...rest } = column;
    const from = visibleFrom ?? (priority === 'low' ? LOW_PRIORITY_FROM : undefined);
    const actions = rowActions ?? column.accessor === 'actions';
    const numeric = !actions && isNumericColumn(column, records);
    const extra = clsx(actions && TABLE_CLASSES.actions, numeric && TABLE_CLASSES.numeric);
    const laidOut = {
      ...rest,
      ...(from && !rest.visibleMediaQuery
        ? { visibleMediaQuery: (theme: MantineTheme) => `(min-width: ${theme.breakpoints[from]})` }
        : {}),
    } as DataTableColumn<T>;
    if (!extra) return laidOut;
    return {
      ...laidOut,
      titleClassName: clsx(extra, rest.titleClassName),
      cellsClassName: mergeClass(extra, rest.cellsClassName),
    } as DataTableColumn<T>;
  });
}

export interface DataTableProps<T> {
  /** names the table for screen readers */
  label: string;
  columns: TableColumn<T>[];
  /** undefined while the first load runs */
  records: T[] | undefined;
  idAccessor?: keyof T & string;
  isLoading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  totalRecords: number;
  page: number;
  onPageChange: (page: number) => void;
  recordsPerPage: number;
  onRecordsPerPageChange: (size: number) => void;
  sortStatus: DataTableSortStatus<T>;
  onSortStatusChange: (status: DataTableSortStatus<T>) => void;
  search?: { value: string; onChange: (value: string) => void };
  /** shown when the list itself is empty (not just the search): what is missing and how to fill it */
  empty: { title: string; description?: string; action?: ReactNode };
  /**
   * The row opens this record's page: its first cell is a real link (keyboard, middle-click, "open in
   * new tab") and a click anywhere else on the row follows it. Prefer it to `onRowClick`.
   */
  rowHref?: (record: T) => string;
  /** The row opens something that has no address (a dialog): its first cell becomes a button. */
  onRowClick?: (record: T) => void;
}

/** A click on a control inside the row (a link, a row action) is that control's, not the row's. */
const fromControl = (event: { target: EventTarget | null }) =>
  event.target instanceof Element &&
  Boolean(event.target.closest('a, button, input, select, textarea, label'));

/** The name cell (else the first) as the row's link or button, so that opening a row works without a mouse. */
function openingColumns<T>(
  columns: DataTableColumn<T>[],
  rowHref: ((record: T) => string) | undefined,
  onRowClick: ((record: T) => void) | undefined,
): DataTableColumn<T>[] {
  if (!rowHref && !onRowClick) return columns;
  // the record's own name carries the link (a machine row's link reads "Schneider 3", not its client)
  const named = columns.findIndex((column) => column.accessor === 'name' && !column.hidden);
  const index = named >= 0 ? named : columns.findIndex((column) => !column.hidden);
  const first = columns[index];
  if (!first) return columns;
  const content = (record: T, row: number) =>
    first.render ? first.render(record, row) : String(valueAt(record, String(first.accessor)) ?? '');
  const opening: DataTableColumn<T> = {
    ...first,
    render: (record, row) =>
      rowHref ? (
        <Anchor component={Link} to={rowHref(record)} className={TABLE_CLASSES.rowLink} inherit>
          {content(record, row)}
        </Anchor>
      ) : (
        <Anchor
          component="button"
          type="button"
          className={TABLE_CLASSES.rowLink}
          inherit
          onClick={() => onRowClick?.(record)}
        >
          {content(record, row)}
        </Anchor>
      ),
  };
  return columns.map((column, at) => (at === index ? opening : column));
}

/**
 * The list pattern of docs/design.md: search, sortable columns, paging, and the three states (loading as
 * skeleton, error with code and retry, empty with the action that fills it). Full width by design.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { records, error, isLoading, search, empty } = props;
  const { rowHref, onRowClick } = props;
  const columns = useMemo(
    () => openingColumns(layoutColumns(props.columns, records), rowHref, onRowClick),
    [props.columns, records, rowHref, onRowClick],
  );
  const isSearching = Boolean(search?.value.trim());
  const tableRef = useRef<HTMLTableElement | null>(null);

  // mantine-datatable makes sortable header cells role="button" and names its sort icons in English.
  // The cells stay column headers and tell the sort state with aria-sort (read out by the screen reader
  // in the user's language); the icons are decoration. Focus and Enter to sort keep working.
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table) return;
    for (const column of props.columns) {
      if (!column.sortable) continue;
      const cell = table.querySelector<HTMLTableCellElement>(
        `thead th[data-accessor="${String(column.accessor)}"]`,
      );
      if (!cell) continue;
      const sorted = props.sortStatus.columnAccessor === column.accessor;
      cell.removeAttribute('role');
      cell.setAttribute(
        'aria-sort',
        sorted ? (props.sortStatus.direction === 'asc' ? 'ascending' : 'descending') : 'none',
      );
      for (const icon of cell.querySelectorAll('[role="img"]')) {
        icon.removeAttribute('aria-label');
        icon.removeAttribute('role');
        icon.setAttribute('aria-hidden', 'true');
      }
    }
  });

  const searchField = search && (
    <TextInput
      label={t('table.search')}
      placeholder={t('table.searchPlaceholder')}
      value={search.value}
      onChange={(event) => search.onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        search.value ? (
          <CloseButton aria-label={t('table.clearSearch')} onClick={() => search.onChange('')} size="sm" />
        ) : null
      }
      maw={360}
    />
  );

  let body: ReactNode;
  if (error && !records) {
    body = (
      <ErrorAlert
        error={error}
        title={t('table.loadFailed')}
        action={
          props.onRetry && (
            <Button mt="sm" size="xs" variant="light" color="red" onClick={props.onRetry}>
              {t('actions.retry')}
            </Button>
          )
        }
      />
    );
  } else if (isLoading || !records) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('table.loading')}>
        <Skeleton height={36} />
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={index} height={28} />
        ))}
      </Stack>
    );
  } else if (props.totalRecords === 0 && !isSearching) {
    body = <EmptyState title={empty.title} description={empty.description} action={empty.action} />;
  } else {
    body = (
      <MantineDataTable<T>
        aria-label={props.label}
        className={TABLE_CLASSES.root}
        tableRef={(table) => {
          tableRef.current = table;
        }}
        withTableBorder={false}
        striped
        highlightOnHover
        minHeight={props.totalRecords === 0 ? 180 : undefined}
        columns={columns}
        records={records}
        idAccessor={props.idAccessor}
        totalRecords={props.totalRecords}
        page={props.page}
        onPageChange={props.onPageChange}
        recordsPerPage={props.recordsPerPage}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={props.onRecordsPerPageChange}
        recordsPerPageLabel={t('table.recordsPerPage')}
        sortStatus={props.sortStatus}
        onSortStatusChange={(status) =>
          // a newly chosen column starts ascending (the library would keep the old direction)
          props.onSortStatusChange(
            status.columnAccessor === props.sortStatus.columnAccessor
              ? status
              : { ...status, direction: 'asc' },
          )
        }
        noRecordsText={t('table.noResults')}
        paginationText={({ from, to, totalRecords }) =>
          t('table.pagination', { from, to, total: totalRecords })
        }
        getPaginationControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
        rowClassName={rowHref || onRowClick ? TABLE_CLASSES.clickableRow : undefined}
        onRowClick={
          rowHref || onRowClick
            ? ({ record, event }) => {
                if (fromControl(event)) return;
                // the row's own link or button does it: one history entry, the same as a keyboard user's
                const opener = (event.currentTarget as Element).querySelector<HTMLElement>(
                  `.${TABLE_CLASSES.rowLink}`,
                );
                if (opener) opener.click();
                else if (!rowHref) onRowClick?.(record);
              }
            : undefined
        }
      />
    );
  }

  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md" miw={0} maw="100%">
      <Stack gap="md">
        {searchField}
        {body}
      </Stack>
    </Paper>
  );
}
