import { REGRIND_ALLOWANCE_MM } from '@kerf/contracts';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { DateText } from '../../../components/format';
import { formatNumber } from '../../../lib/format';
import type { KnifeRef, LogisticsSide } from '../api/keys';
import { useForecast } from '../api/knives';

/**
 * Remaining life of a knife: regrinds left from the height lost per grinding down to the minimum
 * height (original − REGRIND_ALLOWANCE_MM), cuts left and the likely end of life at its pace.
 */
export function KnifeForecast({ side, knife }: { side: LogisticsSide; knife: KnifeRef }) {
  const { rfid } = knife;
  const { t, i18n } = useTranslation();
  const forecast = useForecast(side, knife);
  const locale = i18n.language;
  const num = (value: number | null, digits?: number) =>
    value === null ? t('logistics.forecast.unknown') : formatNumber(value, locale, digits);
  const data = forecast.data;
  const fact = (label: string, value: React.ReactNode, hint?: string) => (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby={`forecast-${rfid}`}>
      <Title order={2} size="h4" id={`forecast-${rfid}`}>
        {t('logistics.forecast.title')}
      </Title>
      {forecast.error ? (
        <ErrorAlert error={forecast.error} />
      ) : !data ? (
        <Skeleton height={110} />
      ) : (
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="lg">
            {fact(
              t('logistics.forecast.regrindsLeft'),
              <span data-testid="regrinds-left">{num(data.regrindsLeft)}</span>,
            )}
            {fact(
              t('logistics.forecast.cutsLeft'),
              num(data.estimatedCutsLeft),
              data.averageCutsPerCycle === null
                ? undefined
                : t('logistics.forecast.perCycle', { value: num(data.averageCutsPerCycle) }),
            )}
            {fact(
              t('logistics.forecast.endOfLife'),
              data.estimatedEndOfLife ? (
                <DateText value={data.estimatedEndOfLife} />
              ) : (
                t('logistics.forecast.unknown')
              ),
              data.averageDaysBetweenGrinds === null
                ? undefined
                : t('logistics.forecast.everyDays', { value: num(data.averageDaysBetweenGrinds, 1) }),
            )}
            {fact(t('logistics.forecast.height'), t('logistics.mm', { value: num(data.height, 2) }))}
            {fact(
              t('logistics.forecast.minimumHeight'),
              t('logistics.mm', { value: num(data.minimumHeight, 2) }),
              t('logistics.forecast.minimumRule', { value: formatNumber(REGRIND_ALLOWANCE_MM, locale) }),
            )}
            {fact(
              t('logistics.forecast.lossPerGrind'),
              t('logistics.mm', { value: num(data.averageLossPerGrind, 2) }),
              data.lossSource === 'DEFAULT'
                ? t('logistics.forecast.lossDefault')
                : t('logistics.forecast.lossMeasured'),
            )}
          </SimpleGrid>
        </Card>
      )}
      {data && data.regrindsLeft === 0 && data.state !== 'SCRAPPED' && (
        <Group>
          <Text size="sm" c="red" role="status">
            {t('logistics.forecast.atMinimum')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
