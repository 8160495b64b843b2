import type { MachineStatusView } from '@kerf/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../components/format';
import { formatNumber } from '../../../lib/format';

/**
 * Whether the shop's day (`dayStartedAt`: midnight in the shop's time zone, from the machine view)
 * starts at another moment than the browser's local midnight, i.e. the two zones differ today.
 */
function shopDayDiffers(dayStartedAt: string): boolean {
  const start = new Date(dayStartedAt);
  return start.getHours() !== 0 || start.getMinutes() !== 0 || start.getSeconds() !== 0;
}

/**
 * "Today: 1,234" from the server's view. The view counts the shop's day; when the browser sits in
 * another zone, a sub-label says from when (in the browser's time) that day counts.
 */
export function CutsToday({
  view,
  size = 'xs',
  testId = 'cuts-today',
}: {
  view: Pick<MachineStatusView, 'cutsToday' | 'dayStartedAt'>;
  size?: 'xs' | 'sm';
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Text span size={size} c="dimmed" data-tabular data-testid={testId}>
        {t('machines.cutsToday', { value: formatNumber(view.cutsToday, i18n.language) })}
      </Text>
      {shopDayDiffers(view.dayStartedAt) && (
        <Text span size="xs" c="dimmed" data-testid={`${testId}-shop-day`}>
          {t('machines.shopDaySince')} <DateText value={view.dayStartedAt} withTime />
        </Text>
      )}
    </>
  );
}
