import { Button, Group, MultiSelect, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatPeriod } from '../../../lib/format';
import { firstDayOfWeek, useLocale } from '../../../lib/i18n';
import { useMinimalLocations } from '../../locations';
import type { ReportFilter } from '../api/report-filter';

/** What the filter bar edits: the period as a choice, the rest as typed. */
export interface ReportFilterInput {
  mode: 'last24h' | 'custom';
  /** picked days "YYYY-MM-DD" (both ends included) */
  range: [string | null, string | null];
  locations: string[];
  search: string;
}

export const DEFAULT_FILTER_INPUT: ReportFilterInput = {
  mode: 'last24h',
  range: [null, null],
  locations: [],
  search: '',
};

/**
 * The reporting page's filters (product.md §2: location selector, search and reset): the last 24 hours
 * or whole days picked in a range picker, in the browser's time zone, which the bar names.
 */
export function ReportFilterBar({
  value,
  onChange,
  filter,
}: {
  value: ReportFilterInput;
  onChange: (value: ReportFilterInput) => void;
  /** the filter in force, to show its period */
  filter: ReportFilter;
}) {
  const { t, i18n } = useTranslation();
  const { locale } = useLocale();
  const locations = useMinimalLocations();
  const set = (change: Partial<ReportFilterInput>) => onChange({ ...value, ...change });
  const options = (locations.data ?? []).map((location) => ({ value: location.id, label: location.name }));

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="report-period-label">
              {t('reports.filters.period')}
            </Text>
            <SegmentedControl
              aria-labelledby="report-period-label"
              value={value.mode}
              onChange={(mode) => set({ mode: mode as ReportFilterInput['mode'] })}
              data={[
                { value: 'last24h', label: t('reports.filters.last24h') },
                { value: 'custom', label: t('reports.filters.custom') },
              ]}
            />
          </Stack>
          {value.mode === 'custom' && (
            // the pickers' language and first weekday; the only date pickers of the app (app/locale-provider.tsx)
            <DatesProvider settings={{ locale, firstDayOfWeek: firstDayOfWeek(locale) }}>
              <DatePickerInput
                type="range"
                label={t('reports.filters.days')}
                placeholder={t('reports.filters.daysPlaceholder')}
                value={value.range}
                onChange={(range) => set({ range: range as [string | null, string | null] })}
                maxDate={new Date()}
                allowSingleDateInRange
                leftSection={<IconCalendar size={16} aria-hidden />}
                miw={240}
                clearable
                clearButtonProps={{ 'aria-label': t('reports.filters.clearDays') }}
              />
            </DatesProvider>
          )}
          <MultiSelect
            label={t('reports.filters.locations')}
            placeholder={value.locations.length === 0 ? t('reports.filters.allLocations') : undefined}
            data={options}
            value={value.locations}
            onChange={(ids) => set({ locations: ids })}
            renderOption={({ option }) => (
              <span translate="no" dir="auto">
                {option.label}
              </span>
            )}
            clearable
            clearButtonProps={{ 'aria-label': t('reports.filters.clearLocations') }}
            searchable
            miw={220}
            maw={420}
          />
          <TextInput
            label={t('reports.filters.search')}
            placeholder={t('reports.filters.searchPlaceholder')}
            value={value.search}
            onChange={(event) => set({ search: event.currentTarget.value })}
            leftSection={<IconSearch size={16} aria-hidden />}
            // the whole row on a phone; from tablet width on, wide enough for the longest placeholder (German)
            miw={{ base: '100%', sm: 340 }}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => onChange(DEFAULT_FILTER_INPUT)}
          >
            {t('reports.filters.reset')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" data-testid="report-period">
          {t('reports.filters.showing', {
            period: formatPeriod(filter.period, i18n.language, filter.timeZone),
            zone: filter.timeZone,
          })}
        </Text>
      </Stack>
    </Paper>
  );
}
