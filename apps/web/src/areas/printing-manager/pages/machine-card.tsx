import type { CuttingMachine, MachineStatusView, MachineUptimeLast24hSchema } from '@kerf/contracts';
import { Anchor, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBlade } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { TimeText } from '../../../components/format';
import { MachineStatusBadge, SwapUrgencyBadge } from '../../../components/status';
import { CutsToday, machineState } from '../../../features/machines';
import { UptimeStrip } from '../../../features/reports';
import { formatNumber } from '../../../lib/format';

type Last24h = z.infer<typeof MachineUptimeLast24hSchema>;

export const machinePath = (id: string) => `/printing-manager/machines/${id}`;
export const knifePath = (rfid: string) => `/printing-manager/knives/${encodeURIComponent(rfid)}`;

/**
 * One machine on the shop floor, readable from across the room: its live state, the last 24 hours
 * as a strip of status colours, the cuts of those hours (the report) and of today (the live view),
 * and the knife's swap urgency as the server rated it.
 */
export function MachineCard({
  machine,
  view,
  report,
}: {
  machine: Pick<CuttingMachine, 'id' | 'name' | 'serialNumber' | 'printingShopName'>;
  view: MachineStatusView | undefined;
  report: Last24h | undefined;
}) {
  const { t, i18n } = useTranslation();
  const cuts24h = report?.cutsPerHour.reduce((sum, bucket) => sum + bucket.cuts, 0);
  const state = view ? machineState(view) : undefined;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`machine-${machine.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={0} miw={0}>
            <Anchor
              component={Link}
              to={machinePath(machine.id)}
              fw={700}
              fz="lg"
              id={`machine-${machine.id}`}
              translate="no"
              dir="auto"
            >
              {machine.name}
            </Anchor>
            <Text size="xs" c="dimmed" translate="no">
              {[machine.printingShopName, machine.serialNumber].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          {state ? <MachineStatusBadge status={state} wrap /> : <Skeleton h={22} w={80} />}
        </Group>
        {view?.statusSince && view.onlineStatus === 'ONLINE' && (
          <Text size="xs" c="dimmed" mt={-6}>
            {t('manager.machine.since')} <TimeText value={view.statusSince} />
          </Text>
        )}
        {report ? <UptimeStrip report={report} /> : <Skeleton h={12} />}
        <Group justify="space-between" align="flex-end" gap="xs">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('manager.machine.cuts24h')}
            </Text>
            <Text fz="xl" fw={700} data-testid="cuts-24h" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {cuts24h === undefined ? '–' : formatNumber(cuts24h, i18n.language)}
            </Text>
            {view && <CutsToday view={view} />}
          </Stack>
          <Stack gap={2} align="flex-end">
            {view?.knife ? (
              <>
                <Group gap={4} wrap="nowrap">
                  <IconBlade size={14} aria-hidden />
                  <Anchor
                    component={Link}
                    to={knifePath(view.knife.rfid)}
                    size="xs"
                    ff="monospace"
                    translate="no"
                  >
                    {view.knife.rfid}
                  </Anchor>
                </Group>
                <SwapUrgencyBadge urgency={view.knife.swapUrgency} size="sm" />
              </>
            ) : (
              <Text size="xs" c="dimmed">
                {view ? t('manager.machine.noKnife') : ''}
              </Text>
            )}
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
}
