import type { KnifeDetails } from '@kerf/contracts';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyValue } from '../../../components/data-table';
import { DateText } from '../../../components/format';
import { SwapUrgencyBadge } from '../../../components/status';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { KnifeStateBadge } from './knife-badges';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" data-tabular>
        {children ?? <EmptyValue />}
      </Text>
    </Stack>
  );
}

/** Every field of the knife (product.md §3 "Knife") in groups: identity, geometry, use, where it is. */
export function KnifeFacts({ knife }: { knife: KnifeDetails }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const num = (value: number | null, digits?: number) =>
    value === null ? null : formatNumber(value, locale, digits);
  const mm = (value: number | null) => (value === null ? null : t('common.mm', { value: num(value, 2) }));
  const degrees = (value: number | null) =>
    value === null ? null : t('knives.degrees', { value: num(value, 1) });
  const text = (value: string | null) =>
    value ? (
      <Text span size="sm" translate="no" dir="auto">
        {value}
      </Text>
    ) : null;

  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md" verticalSpacing="md">
        <Fact label={t('knives.fields.articleNumber')}>{text(knife.articleNumber)}</Fact>
        <Fact label={t('knives.fields.knifeClassName')}>{text(knife.knifeClassName)}</Fact>
        <Fact label={t('knives.fields.state')}>
          <KnifeStateBadge state={knife.state} />
        </Fact>
        <Fact label={t('knives.fields.swapUrgency')}>
          <SwapUrgencyBadge urgency={knife.swapUrgency} />
        </Fact>
        <Fact label={t('knives.fields.angleVf')}>{degrees(knife.angleVf)}</Fact>
        <Fact label={t('knives.fields.angleHf')}>{degrees(knife.angleHf)}</Fact>
        <Fact label={t('knives.fields.angleTm')}>{degrees(knife.angleTm)}</Fact>
        <Fact label={t('knives.fields.rotation')}>{num(knife.rotation)}</Fact>
        <Fact label={t('knives.fields.height')}>
          {mm(knife.height)}
          {knife.originalHeight !== null && (
            <Text span size="xs" c="dimmed" display="block">
              {t('knives.original', { value: mm(knife.originalHeight) })}
            </Text>
          )}
        </Fact>
        <Fact label={t('knives.fields.backThickness')}>
          {mm(knife.backThickness)}
          {knife.originalBackThickness !== null && (
            <Text span size="xs" c="dimmed" display="block">
              {t('knives.original', { value: mm(knife.originalBackThickness) })}
            </Text>
          )}
        </Fact>
        <Fact label={t('knives.fields.carrierMaterial')}>{text(knife.carrierMaterial)}</Fact>
        <Fact label={t('knives.fields.material')}>{text(knife.material)}</Fact>
        <Fact label={t('knives.fields.cutsSinceLastGrinding')}>{num(knife.cutsSinceLastGrinding)}</Fact>
        <Fact label={t('knives.fields.totalCuts')}>{num(knife.totalCuts)}</Fact>
        <Fact label={t('knives.fields.averageCutsPerCycle')}>{num(knife.averageCutsPerCycle)}</Fact>
        <Fact label={t('knives.fields.swapInterval')}>
          {t('knives.cutsValue', { value: num(knife.effectiveSwapInterval) })}
          <Text span size="xs" c="dimmed" display="block">
            {translateKey(t, `knifeInterval.sources.${knife.swapIntervalSource}`)}
          </Text>
        </Fact>
        <Fact label={t('knives.fields.latestScanLocation')}>{text(knife.latestScan.locationName)}</Fact>
        <Fact label={t('knives.fields.latestScanMachine')}>{text(knife.latestScan.machineName)}</Fact>
        <Fact label={t('knives.fields.latestScanAt')}>
          {knife.latestScan.at ? <DateText value={knife.latestScan.at} withTime /> : null}
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}
