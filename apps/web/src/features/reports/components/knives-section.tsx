import { exportKnifeReport } from '@kerf/contracts';
import { Anchor, Box, Stack, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { BarChart, distinctTails } from '../../../components/charts';
import { SwapUrgencyBadge } from '../../../components/status';
import { useKnifeCutsTotal, useKnifeCycles } from '../api/knife-reports';
import { type ReportFilter, rangeQuery } from '../api/report-filter';
import { ChartCard } from './chart-card';
import { CsvButton, csvFileName } from './csv-button';
import { useReportFormat } from './report-format';
import { ReportTable } from './report-table';

/**
 * Reporting, section Knives: service life (average cuts per grinding cycle per knife) as bars, and
 * the knives with their cuts in the period, cycles, cuts since the last grinding and swap urgency.
 */
export function KnivesReportSection({
  filter,
  knifeHref,
}: {
  filter: ReportFilter;
  knifeHref?: (rfid: string) => string;
}) {
  const f = useReportFormat();
  const theme = useMantineTheme();
  // the breakpoint of ReportTable's secondary columns
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`) ?? false;
  const query = rangeQuery(filter);
  const cuts = useKnifeCutsTotal(query);
  const cycles = useKnifeCycles(query);
  const section = f.t('reports.sections.knives');
  const cutsByKnife = new Map((cuts.data ?? []).map((row) => [row.rfid, row]));
  const knives = [...(cycles.data ?? [])].sort(
    (a, b) => (b.averageCutsPerCycle ?? 0) - (a.averageCutsPerCycle ?? 0) || a.rfid.localeCompare(b.rfid),
  );
  const withLife = knives.filter((knife) => knife.averageCutsPerCycle !== null);
  const lifeTitle = f.t('reports.knives.serviceLife');
  const rfid = (value: string) =>
    knifeHref ? (
      <Anchor component={Link} to={knifeHref(value)} size="sm" ff="monospace" translate="no">
        {value}
      </Anchor>
    ) : (
      <span translate="no">{value}</span>
    );
  const longest = withLife[0];
  // RFIDs share their first digits: the bars are labelled with the part that tells them apart
  const tails = distinctTails(withLife.map((knife) => knife.rfid));

  return (
    <Stack gap="md">
      <ChartCard
        title={lifeTitle}
        isLoading={cycles.isPending}
        error={cycles.error}
        onRetry={() => void cycles.refetch()}
        isEmpty={withLife.length === 0}
        emptyText={f.t('reports.knives.noCycles')}
        actions={
          <CsvButton
            contract={exportKnifeReport}
            query={query}
            fileName={csvFileName('knives')}
            section={section}
          />
        }
        summary={
          longest &&
          f.t('reports.knives.summary', {
            rfid: longest.rfid,
            cuts: f.count(longest.averageCutsPerCycle ?? 0),
            knives: f.count(withLife.length),
          })
        }
        table={
          <ReportTable
            label={lifeTitle}
            rowKey={(k) => k.rfid}
            rows={withLife}
            columns={[
              { key: 'rfid', title: f.t('reports.columns.rfid'), render: (k) => rfid(k.rfid) },
              {
                key: 'cycles',
                title: f.t('reports.columns.cycles'),
                numeric: true,
                render: (k) => f.count(k.cycles),
              },
              {
                key: 'average',
                title: f.t('reports.columns.averagePerCycle'),
                numeric: true,
                render: (k) => f.count(k.averageCutsPerCycle ?? 0),
              },
            ]}
          />
        }
      >
        <BarChart
          label={lifeTitle}
          yLabel={f.t('reports.knives.axis')}
          formatValue={f.count}
          slantLabels
          userLabels
          bars={withLife.map((k, index) => ({
            key: k.rfid,
            label: tails[index] ?? k.rfid,
            value: k.averageCutsPerCycle ?? 0,
            color: 'steel.7',
            tooltip: f.t('reports.knives.tooltip', {
              rfid: k.rfid,
              cuts: f.count(k.averageCutsPerCycle ?? 0),
              cycles: f.count(k.cycles),
            }),
          }))}
        />
      </ChartCard>

      <ChartCard
        title={f.t('reports.knives.table')}
        isLoading={cycles.isPending || cuts.isPending}
        error={cycles.error ?? cuts.error}
        onRetry={() => {
          void cycles.refetch();
          void cuts.refetch();
        }}
        isEmpty={knives.length === 0}
        emptyText={f.t('reports.knives.empty')}
      >
        <ReportTable
          label={f.t('reports.knives.table')}
          rowKey={(k) => k.rfid}
          rows={knives}
          columns={[
            {
              key: 'rfid',
              title: f.t('reports.columns.rfid'),
              // on a phone the urgency stands under the RFID instead of in a column of its own
              render: (k) => (
                <>
                  {rfid(k.rfid)}
                  {!wide && (
                    <Box mt={4}>
                      <SwapUrgencyBadge urgency={k.swapUrgency} size="sm" />
                    </Box>
                  )}
                </>
              ),
            },
            {
              key: 'class',
              secondary: true,
              title: f.t('reports.columns.knifeClass'),
              render: (k) => (
                <span translate="no">{[k.knifeClassName, k.articleNumber].filter(Boolean).join(' · ')}</span>
              ),
            },
            {
              key: 'cuts',
              title: f.t('reports.columns.cutsInPeriod'),
              numeric: true,
              render: (k) => f.count(cutsByKnife.get(k.rfid)?.cuts ?? 0),
            },
            {
              key: 'machines',
              secondary: true,
              title: f.t('reports.columns.machines'),
              render: (k) => (
                <span translate="no">
                  {(cutsByKnife.get(k.rfid)?.machines ?? []).map((machine) => machine.name).join(', ')}
                </span>
              ),
            },
            {
              key: 'cycles',
              title: f.t('reports.columns.cycles'),
              numeric: true,
              secondary: true,
              render: (k) => f.count(k.cycles),
            },
            {
              key: 'since',
              title: f.t('reports.columns.sinceGrinding'),
              numeric: true,
              render: (k) => f.count(k.cutsSinceLastGrinding),
            },
            {
              key: 'urgency',
              secondary: true,
              title: f.t('reports.columns.urgency'),
              render: (k) => <SwapUrgencyBadge urgency={k.swapUrgency} size="sm" />,
            },
          ]}
        />
      </ChartCard>
    </Stack>
  );
}
