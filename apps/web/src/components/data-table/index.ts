export type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
export {
  actionsColumn,
  activeColumn,
  CodeText,
  codeColumn,
  dateColumn,
  EmptyValue,
  nameColumn,
  orEmpty,
  textColumn,
} from './columns';
export {
  DataTable,
  NarrowScreenLine,
  type TableColumn,
} from './data-table';
export { DeleteRowAction, EditRowAction, RowAction, RowLinkAction } from './row-action';
export { PAGE_SIZES, useTableState } from './use-table-state';
