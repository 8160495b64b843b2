import type { DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';

export const PAGE_SIZES = [10, 25, 50, 100];

export interface TableStateOptions<T> {
  /** the text a record is searched by (lower-cased, locale-aware) */
  searchText: (record: T) => string;
  initialSort: DataTableSortStatus<T>;
  pageSize?: number;
  /**
   * column value used for sorting, when it is not the record field itself; returning `undefined`
   * falls back to the field (dot paths such as `network.ipAddress` work)
   */
  sortValue?: (record: T, column: string) => string | number | boolean | null | undefined;
}

/** The value at a column accessor: a field, or a dot path into nested objects (as mantine-datatable reads it). */
export function valueAt(record: unknown, accessor: string): unknown {
  let value: unknown = record;
  for (const key of accessor.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Empty values sort last; numbers, booleans and dates by value; text with the locale's collation. */
function compareValues(a: unknown, b: unknown, collator: Intl.Collator): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : 1;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a ? -1 : 1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return collator.compare(String(a), String(b));
}

/**
 * Search, sort and paging done in the browser, for lists the server sends whole. Lists paged by the
 * server pass their own page, sort and search state to DataTable instead.
 */
export function useTableState<T>(records: T[] | undefined, locale: string, options: TableStateOptions<T>) {
  const [search, setSearch] = useState('');
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>(options.initialSort);
  const [page, setPage] = useState(1);
  const [recordsPerPage, setRecordsPerPage] = useState(options.pageSize ?? PAGE_SIZES[0]!);
  const { searchText, sortValue } = options;

  const filtered = useMemo(() => {
    if (!records) return undefined;
    const needle = search.trim().toLocaleLowerCase(locale);
    const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    const found = needle
      ? records.filter((record) => searchText(record).toLocaleLowerCase(locale).includes(needle))
      : [...records];
    const column = sortStatus.columnAccessor as string;
    const sortKeyOf = (record: T) => sortValue?.(record, column) ?? valueAt(record, column);
    const keys = new Map(found.map((record) => [record, sortKeyOf(record)]));
    const direction = sortStatus.direction === 'desc' ? -1 : 1;
    found.sort((a, b) => {
      const [x, y] = [keys.get(a), keys.get(b)];
      const empty = (value: unknown) => value === null || value === undefined || value === '';
      // empty values stay last in both directions
      if (empty(x) || empty(y)) return compareValues(x, y, collator);
      return direction * compareValues(x, y, collator);
    });
    return found;
  }, [records, search, sortStatus, locale, searchText, sortValue]);

  const lastPage = Math.max(1, Math.ceil((filtered?.length ?? 0) / recordsPerPage));
  const currentPage = Math.min(page, lastPage);
  const pageRecords = filtered?.slice((currentPage - 1) * recordsPerPage, currentPage * recordsPerPage);

  return {
    records: pageRecords,
    totalRecords: filtered?.length ?? 0,
    page: currentPage,
    onPageChange: setPage,
    recordsPerPage,
    onRecordsPerPageChange: (size: number) => {
      setRecordsPerPage(size);
      setPage(1);
    },
    sortStatus,
    onSortStatusChange: (status: DataTableSortStatus<T>) => {
      setSortStatus(status);
      setPage(1);
    },
    search: {
      value: search,
      onChange: (value: string) => {
        setSearch(value);
        setPage(1);
      },
    },
  };
}
