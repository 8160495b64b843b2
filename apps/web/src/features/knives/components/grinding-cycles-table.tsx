import type { GrindingCycle } from '@kerf/contracts';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  dateColumn,
  orEmpty,
  type TableColumn,
  useTableState,
} from '../../../components/data-table';
import { formatNumber } from '../../../lib/format';

/** The knife's grinding cycles (product.md §2 "knife details with grinding cycles"), newest first. */
export function GrindingCyclesTable({
  cycles,
  isLoading,
  error,
  onRetry,
}: {
  cycles: GrindingCycle[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const numbered = cycles?.map((cycle, index) => ({ ...cycle, number: index + 1 }));
  const table = useTableState(numbered, locale, {
    initialSort: { columnAccessor: 'sharpenedAt', direction: 'desc' },
    searchText: () => '',
  });
  const num = (value: number | null, digits?: number) =>
    value === null ? orEmpty(null) : formatNumber(value, locale, digits);
  const columns: TableColumn<GrindingCycle & { number: number }>[] = [
    {
      accessor: 'number',
      title: t('knives.cycles.number'),
      sortable: true,
      numeric: true,
      visibleFrom: 'sm',
      render: (c) => num(c.number),
    },
    dateColumn('sharpenedAt', t('knives.cycles.sharpenedAt'), (cycle) => cycle.sharpenedAt, {
      sortable: true,
    }),
    {
      accessor: 'cutsInCycle',
      title: t('knives.cycles.cuts'),
      sortable: true,
      render: (c) => num(c.cutsInCycle),
    },
    {
      accessor: 'height',
      title: t('knives.fields.heightMm'),
      sortable: true,
      render: (c) => num(c.height, 2),
    },
    {
      accessor: 'backThickness',
      title: t('knives.fields.backThicknessMm'),
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (c) => num(c.backThickness, 2),
    },
    {
      accessor: 'angles',
      title: t('knives.cycles.angles'),
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (c) =>
        [c.angleVf, c.angleHf, c.angleTm].every((value) => value === null)
          ? orEmpty(null)
          : [c.angleVf, c.angleHf, c.angleTm]
              .map((value) => (value === null ? '–' : formatNumber(value, locale, 1)))
              .join(' / '),
    },
  ];
  return (
    <DataTable
      label={t('knives.cycles.title')}
      columns={columns}
      idAccessor="id"
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      empty={{ title: t('knives.cycles.empty') }}
      {...table}
      search={undefined}
    />
  );
}
