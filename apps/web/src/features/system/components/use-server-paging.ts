import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PAGE_SIZES } from '../../../components/data-table';

/** Paging and a debounced search for a list the server pages (DataTable pages are 1-based). */
export function useServerPaging() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  return {
    query: { page: page - 1, page_size: pageSize, search: debounced.trim() || undefined },
    resetPage: () => setPage(1),
    table: {
      page,
      onPageChange: setPage,
      recordsPerPage: pageSize,
      onRecordsPerPageChange: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
      search: {
        value: search,
        onChange: (value: string) => {
          setSearch(value);
          setPage(1);
        },
      },
    },
  };
}
