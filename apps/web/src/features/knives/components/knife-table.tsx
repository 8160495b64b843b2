import {
  KNIFE_STATES,
  KNIFE_SWAP_URGENCIES,
  type KnifeListQuery,
  type KnifeSort,
  type KnifeState,
  type KnifeSummary,
  type KnifeSwapUrgency,
  MAX_COMPARED_KNIVES,
} from '@kerf/contracts';
import {
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconColumns, IconDownload } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CodeText,
  DataTable,
  type DataTableColumn,
  orEmpty,
  PAGE_SIZES,
  type TableColumn,
} from '../../../components/data-table';
import { notifyError } from '../../../components/feedback';
import { DateText } from '../../../components/format';
import { renderNoTranslateOption } from '../../../components/inputs';
import { SwapUrgencyBadge } from '../../../components/status';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useMinimalLocations } from '../../locations';
import { downloadKnivesCsv, useKnives } from '../api/knives';
import { CompareLimitAlert } from './compare-limit-alert';
import { KnifeStateBadge } from './knife-badges';

/** Where the manager's knife details live; a table elsewhere may link another way. */
export const knifeDetailsPath = (rfid: string) => `/printing-manager/knives/${encodeURIComponent(rfid)}`;

const SORT_OF_COLUMN: Record<string, KnifeSort> = {
  rfid: 'RFID',
  articleNumber: 'ARTICLE_NUMBER',
  knifeClassName: 'KNIFE_CLASS',
  height: 'HEIGHT',
  cutsSinceLastGrinding: 'CUTS_SINCE_LAST_GRINDING',
  totalCuts: 'TOTAL_CUTS',
  swapUrgency: 'SWAP_URGENCY',
  latestScan: 'LATEST_SCAN',
};

export interface KnifeSelection {
  selected: string[];
  /** the new selection; refused (false) when it would hold more than five knives */
  onChange: (rfids: string[]) => void;
}

/**
 * The knife list (product.md §2 "Knife list"): paged by the server (10 a page by default), searched by
 * RFID, article number or knife class, filtered by location, state and urgency, sorted by any
 * column; each knife's urgency and state as badges. With `selection`, up to five knives can be
 * ticked for comparison. With `locationId`, only the knives last seen at that location.
 */
export function KnifeTable({
  locationId,
  selection,
  detailsPath = knifeDetailsPath,
}: {
  locationId?: string;
  selection?: KnifeSelection;
  detailsPath?: (rfid: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<KnifeSummary>>({
    columnAccessor: 'swapUrgency',
    direction: 'desc',
  });
  const [locationFilter, setLocationFilter] = useState<string | null>(null);
  const [states, setStates] = useState<KnifeState[]>([]);
  const [urgencies, setUrgencies] = useState<KnifeSwapUrgency[]>([]);
  const [isDownloading, setDownloading] = useState(false);
  const [tooMany, setTooMany] = useState(false);
  const locations = useMinimalLocations();
  const theme = useMantineTheme();
  // from `sm` up the urgency has its own column
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`) ?? false;

  const filters: Omit<KnifeListQuery, 'page' | 'page_size'> = {
    search: debouncedSearch.trim() || undefined,
    locationIds: locationId ?? locationFilter ?? undefined,
    states: states.length ? states.join(',') : undefined,
    urgencies: urgencies.length ? urgencies.join(',') : undefined,
    sort: SORT_OF_COLUMN[String(sortStatus.columnAccessor)] ?? 'SWAP_URGENCY',
    sort_direction: sortStatus.direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
  };
  const query = useKnives({ ...filters, page: page - 1, page_size: pageSize });
  const reset =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
    };

  const number = (value: number | null, digits?: number) =>
    value === null ? orEmpty(null) : formatNumber(value, locale, digits);
  const selectColumn: DataTableColumn<KnifeSummary> | null = selection
    ? {
        accessor: 'select',
        // an icon in the header keeps the column narrow on a phone; the word is there for screen readers
        title: <IconColumns size={16} role="img" aria-label={t('knives.compare.select')} />,
        render: (knife) => {
          const checked = selection.selected.includes(knife.rfid);
          return (
            <Checkbox
              aria-label={t('knives.compare.selectKnife', { rfid: knife.rfid })}
              checked={checked}
              onClick={(event) => event.stopPropagation()}
              onChange={(event) => {
                const isAdding = event.currentTarget.checked;
                if (isAdding && selection.selected.length >= MAX_COMPARED_KNIVES) {
                  setTooMany(true);
                  return;
                }
                setTooMany(false);
                selection.onChange(
                  isAdding
                    ? [...selection.selected, knife.rfid]
                    : selection.selected.filter((rfid) => rfid !== knife.rfid),
                );
              }}
            />
          );
        },
      }
    : null;

  const columns: TableColumn<KnifeSummary>[] = [
    ...(selectColumn ? [selectColumn] : []),
    {
      accessor: 'rfid',
      title: t('knives.fields.rfid'),
      sortable: true,
      render: (knife) => (
        <>
          <Anchor
            component={Link}
            to={detailsPath(knife.rfid)}
            size="sm"
            ff="monospace"
            dir="ltr"
            translate="no"
          >
            {knife.rfid}
          </Anchor>
          {/* on a phone the urgency stands under the RFID: its own column would push the table wider */}
          {!wide && (
            <Box mt={4}>
              <SwapUrgencyBadge urgency={knife.swapUrgency} />
            </Box>
          )}
        </>
      ),
    },
    {
      accessor: 'articleNumber',
      title: t('knives.fields.articleNumber'),
      sortable: true,
      visibleFrom: 'sm',
      render: (knife) => <CodeText value={knife.articleNumber} />,
    },
    {
      accessor: 'knifeClassName',
      title: t('knives.fields.knifeClassName'),
      sortable: true,
      visibleFrom: 'xl',
      render: (knife) => (
        <Text span size="sm" translate="no" dir="auto">
          {orEmpty(knife.knifeClassName)}
        </Text>
      ),
    },
    {
      accessor: 'swapUrgency',
      title: t('knives.fields.swapUrgency'),
      sortable: true,
      visibleFrom: 'sm',
      render: (knife) => <SwapUrgencyBadge urgency={knife.swapUrgency} />,
    },
    {
      accessor: 'state',
      title: t('knives.fields.state'),
      visibleFrom: 'md',
      render: (knife) => <KnifeStateBadge state={knife.state} />,
    },
    {
      accessor: 'cutsSinceLastGrinding',
      title: t('knives.fields.cutsSinceLastGrinding'),
      sortable: true,
      numeric: true,
      visibleFrom: 'sm',
      render: (knife) => number(knife.cutsSinceLastGrinding),
    },
    {
      accessor: 'totalCuts',
      title: t('knives.fields.totalCuts'),
      sortable: true,
      numeric: true,
      visibleFrom: 'xl',
      render: (knife) => number(knife.totalCuts),
    },
    {
      accessor: 'height',
      title: t('knives.fields.heightMm'),
      sortable: true,
      numeric: true,
      visibleFrom: 'xl',
      render: (knife) => number(knife.height, 2),
    },
    {
      accessor: 'latestScan',
      title: t('knives.fields.latestScan'),
      sortable: true,
      visibleFrom: 'xl',
      render: (knife) =>
        knife.latestScan.locationName || knife.latestScan.at ? (
          <Text span size="sm">
            <Text span size="sm" translate="no" dir="auto">
              {[knife.latestScan.locationName, knife.latestScan.machineName].filter(Boolean).join(' · ')}
            </Text>
            {knife.latestScan.at && (
              <Text span size="xs" c="dimmed" display="block">
                <DateText value={knife.latestScan.at} withTime />
              </Text>
            )}
          </Text>
        ) : (
          orEmpty(null)
        ),
    },
  ];

  const download = async () => {
    setDownloading(true);
    try {
      await downloadKnivesCsv(filters, locale);
    } catch (error) {
      notifyError(error, t, i18n);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Group align="flex-end" gap="sm" mb="sm" wrap="wrap">
        {!locationId && (
          <Select
            label={t('knives.filters.location')}
            placeholder={t('knives.filters.allLocations')}
            data={(locations.data ?? []).map((location) => ({
              value: location.id,
              label: location.name,
            }))}
            value={locationFilter}
            onChange={reset(setLocationFilter)}
            renderOption={renderNoTranslateOption}
            clearable
            w={220}
          />
        )}
        <MultiSelect
          label={t('knives.filters.state')}
          placeholder={states.length ? undefined : t('knives.filters.any')}
          data={KNIFE_STATES.map((state) => ({
            value: state,
            label: translateKey(t, `knives.states.${state}`),
          }))}
          value={states}
          onChange={(value) => reset(setStates)(value as KnifeState[])}
          clearable
          w={260}
        />
        <MultiSelect
          label={t('knives.filters.urgency')}
          placeholder={urgencies.length ? undefined : t('knives.filters.any')}
          data={[...KNIFE_SWAP_URGENCIES].reverse().map((urgency) => ({
            value: urgency,
            label: translateKey(t, `status.urgency.${urgency}`),
          }))}
          value={urgencies}
          onChange={(value) => reset(setUrgencies)(value as KnifeSwapUrgency[])}
          clearable
          w={300}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={isDownloading}
          onClick={() => void download()}
        >
          {t('knives.csv.download')}
        </Button>
        {selection && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('knives.compare.selected', { count: selection.selected.length, max: MAX_COMPARED_KNIVES })}
          </Text>
        )}
      </Group>
      {tooMany && <CompareLimitAlert onClose={() => setTooMany(false)} />}
      <DataTable<KnifeSummary>
        label={t('knives.title')}
        columns={columns}
        records={query.data?.items}
        idAccessor="rfid"
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        totalRecords={query.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        recordsPerPage={pageSize}
        onRecordsPerPageChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        sortStatus={sortStatus}
        onSortStatusChange={reset(setSortStatus)}
        search={{ value: search, onChange: reset(setSearch) }}
        empty={{ title: t('knives.empty'), description: t('knives.emptyHint') }}
      />
    </>
  );
}
