import { Container, Stack, Tabs, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBlade, IconClipboardList, IconGauge, IconScissors, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout';
import {
  DEFAULT_FILTER_INPUT,
  EmployeesReportSection,
  KnivesReportSection,
  MachinesReportSection,
  OeeReportSection,
  OrdersReportSection,
  ReplicaLagNotice,
  type ReportFilter,
  ReportFilterBar,
  type ReportFilterInput,
} from '../../../features/reports';
import { browserTimeZone, lastHoursPeriod, periodOfLocalDates } from '../../../lib/format';
import { knifePath, machinePath } from './machine-card';

const SECTIONS = ['machines', 'employees', 'knives', 'orders', 'oee'] as const;
type Section = (typeof SECTIONS)[number];

/** "Now" to the minute, so the last 24 hours stay one query while the page is open. */
const thisMinute = () => Math.floor(Date.now() / 60_000) * 60_000;

/** The filter in force: the last 24 hours until a whole range of days is picked. */
function toFilter(input: ReportFilterInput, search: string, now: number): ReportFilter {
  const timeZone = browserTimeZone();
  const [from, to] = input.range;
  const period =
    input.mode === 'custom' && from
      ? periodOfLocalDates(from, to ?? from, timeZone)
      : lastHoursPeriod(24, now);
  return { period, timeZone, locations: input.locations, search };
}

/**
 * Reporting (product.md §2): sections Cutting machines, Employees, Knives, Orders (and OEE, issue 36) over the last 24 hours
 * or a chosen period in the browser's time zone, for chosen locations and a search; charts with
 * their numbers as tables, and a CSV per section.
 */
export function ReportingPage() {
  const { t } = useTranslation();
  usePageTitle(t('manager.reporting.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const section: Section = SECTIONS.find((value) => value === searchParams.get('section')) ?? 'machines';
  const [shared, setShared] = useState<ReportFilterInput>(DEFAULT_FILTER_INPUT);
  // The search belongs to its tab: what was typed on Machines does not silently filter Employees.
  const [searches, setSearches] = useState<Partial<Record<Section, string>>>({});
  const input = { ...shared, search: searches[section] ?? '' };
  const [now, setNow] = useState(thisMinute);
  // typing waits 300 ms; another tab's search applies at once (never the tab before's for a moment)
  const [typed] = useDebouncedValue(`${section}\n${input.search.trim()}`, 300);
  const search = typed.startsWith(`${section}\n`) ? typed.slice(section.length + 1) : input.search.trim();
  const filter = useMemo(() => toFilter(shared, search, now), [shared, search, now]);

  return (
    <Container fluid px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('manager.reporting.title')}</Title>
        <ReplicaLagNotice />
        <ReportFilterBar
          value={input}
          filter={filter}
          onChange={(next) => {
            setShared(next);
            setSearches((all) => ({ ...all, [section]: next.search }));
            setNow(thisMinute());
          }}
        />
        <Tabs
          value={section}
          onChange={(value) =>
            setSearchParams(value && value !== 'machines' ? { section: value } : {}, { replace: true })
          }
          keepMounted={false}
        >
          <Tabs.List style={{ flexWrap: 'wrap' }}>
            <Tabs.Tab value="machines" leftSection={<IconScissors size={16} aria-hidden />}>
              {t('reports.sections.machines')}
            </Tabs.Tab>
            <Tabs.Tab value="employees" leftSection={<IconUsers size={16} aria-hidden />}>
              {t('reports.sections.employees')}
            </Tabs.Tab>
            <Tabs.Tab value="knives" leftSection={<IconBlade size={16} aria-hidden />}>
              {t('reports.sections.knives')}
            </Tabs.Tab>
            <Tabs.Tab value="orders" leftSection={<IconClipboardList size={16} aria-hidden />}>
              {t('reports.sections.orders')}
            </Tabs.Tab>
            <Tabs.Tab value="oee" leftSection={<IconGauge size={16} aria-hidden />}>
              {t('oee.section')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="machines" pt="md">
            <MachinesReportSection filter={filter} machineHref={machinePath} />
          </Tabs.Panel>
          <Tabs.Panel value="employees" pt="md">
            <EmployeesReportSection filter={filter} />
          </Tabs.Panel>
          <Tabs.Panel value="knives" pt="md">
            <KnivesReportSection filter={filter} knifeHref={knifePath} />
          </Tabs.Panel>
          <Tabs.Panel value="orders" pt="md">
            <OrdersReportSection filter={filter} />
          </Tabs.Panel>
          <Tabs.Panel value="oee" pt="md">
            <OeeReportSection filter={filter} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
