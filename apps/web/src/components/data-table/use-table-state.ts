import type { DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';

export const PAGE_SIZES = [10, 25, 50, 100];

export interface TableStateOptions<T> {
  /** the text a record is searched by (lower-cased, locale-aware) */
  searchText: (record: T) => string;
  initialSort: DataTableSortStatus<T>;
  pageSize?: number;
  /** column value used for sorting, when it is not the record field itself */
  sortValue?: (record: T, column: string) => string | number | null | undefined;
}

function compare(a: unknown, b: unknown, collator: Intl.Collator): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
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
    const sortKeyOf = (record: T) =>
      sortValue ? sortValue(record, column) : (record as Record<string, unknown>)[column];
    found.sort((a, b) => compare(sortKeyOf(a), sortKeyOf(b), collator));
    if (sortStatus.direction === 'desc') found.reverse();
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
