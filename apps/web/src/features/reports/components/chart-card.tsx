import { Button, Group, Paper, Skeleton, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { EmptyState } from '../../../components/feedback';

/**
 * The frame of every report chart (docs/design.md "Charts", "Empty, loading, error"): a title, the
 * chart's message in one sentence (its text alternative), the chart, and the same numbers as a
 * table one click away; CSV and other actions beside the title. Loading shows a skeleton, an error
 * says what happened with its code, an empty period says so.
 */
export function ChartCard({
  title,
  order = 3,
  summary,
  table,
  actions,
  isLoading,
  error,
  onRetry,
  isEmpty,
  emptyText,
  children,
  height = 200,
}: {
  title: string;
  order?: TitleOrder;
  summary?: ReactNode;
  table?: ReactNode;
  actions?: ReactNode;
  isLoading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  isEmpty?: boolean;
  emptyText?: string;
  children?: ReactNode;
  /** skeleton height while loading */
  height?: number;
}) {
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const headingId = useId();

  let body: ReactNode;
  if (error && isLoading !== true) {
    body = (
      <ErrorAlert
        error={error}
        title={t('reports.chart.loadFailed')}
        action={
          onRetry && (
            <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
              {t('actions.retry')}
            </Button>
          )
        }
      />
    );
  } else if (isLoading) {
    body = <Skeleton height={height} aria-label={t('table.loading')} role="status" />;
  } else if (isEmpty) {
    body = <EmptyState title={emptyText ?? t('reports.chart.empty')} icon={<IconChartBar aria-hidden />} />;
  } else {
    body = (
      <>
        {summary && (
          <Text size="sm" c="dimmed" data-testid="chart-summary">
            {summary}
          </Text>
        )}
        {children}
        {table && showTable && <div id={tableId}>{table}</div>}
      </>
    );
  }

  const canShowTable = Boolean(table) && !isLoading && !error && !isEmpty;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={order} size="h4" id={headingId}>
            {title}
          </Title>
          <Group gap="xs">
            {canShowTable && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={
                  showTable ? <IconChartBar size={16} aria-hidden /> : <IconTable size={16} aria-hidden />
                }
                aria-expanded={showTable}
                aria-controls={tableId}
                onClick={() => setShowTable((shown) => !shown)}
              >
                {showTable ? t('reports.chart.hideTable') : t('reports.chart.showTable')}
              </Button>
            )}
            {actions}
          </Group>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
