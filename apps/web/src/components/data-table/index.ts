export type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
export {
  actionsColumn,
  activeColumn,
  CodeText,
  codeColumn,
  dateColumn,
  EmptyValue,
  NO_VALUE,
  nameColumn,
  orEmpty,
  textColumn,
} from './columns';
export {
  DataTable,
  type DataTableProps,
  LOW_PRIORITY_FROM,
  layoutColumns,
  NarrowScreenLine,
  TABLE_CLASSES,
  type TableColumn,
} from './data-table';
export { DeleteRowAction, EditRowAction, RowAction, RowActions, RowLinkAction } from './row-action';
export { PAGE_SIZES, type TableStateOptions, useTableState } from './use-table-state';
