import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { EmptyState } from '../../../components/feedback';
import { HoursText, LocalDateText } from '../../../components/format';
import { translateKey } from '../../../lib/i18n';
import { type PlannedRange, usePlannedProductionTime } from '../api/shift-calendar';
import { addDays } from '../time-zones';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * Planned production time per machine of a location and local day, a week at a time (issue 36):
 * each machine has the location's shift calendar; a night shift counts on the day it begins, a
 * holiday plans nothing. Days and hours are the location's, in the user's language.
 */
export function PlannedTimeTable({ locationId }: { locationId: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<PlannedRange>({});
  const query = usePlannedProductionTime(locationId, range);
  const titleId = useId();
  const data = query.data;
  const move = (days: number) => {
    if (data) setRange({ from: addDays(data.from, days), to: addDays(data.to, days) });
  };

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Stack gap={2}>
            <Title order={2} size="h3" id={titleId}>
              {t('shiftCalendar.planned.title')}
            </Title>
            {data && (
              <Text size="sm" c="dimmed">
                <LocalDateText date={data.from} /> – <LocalDateText date={data.to} />
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconChevronLeft size={14} className="mirror-in-rtl" aria-hidden />}
              disabled={!data}
              onClick={() => move(-7)}
            >
              {t('shiftCalendar.planned.previousWeek')}
            </Button>
            <Button variant="default" size="compact-sm" onClick={() => setRange({})}>
              {t('shiftCalendar.planned.thisWeek')}
            </Button>
            <Button
              variant="default"
              size="compact-sm"
              rightSection={<IconChevronRight size={14} className="mirror-in-rtl" aria-hidden />}
              disabled={!data}
              onClick={() => move(7)}
            >
              {t('shiftCalendar.planned.nextWeek')}
            </Button>
          </Group>
        </Group>
        {data && (
          <Text size="sm" c="dimmed">
            {t('shiftCalendar.planned.explain', { timeZone: data.timeZone })}
          </Text>
        )}
        {query.error ? (
          <ErrorAlert
            error={query.error}
            action={
              <Button variant="light" size="compact-sm" mt="xs" onClick={() => void query.refetch()}>
                {t('actions.retry')}
              </Button>
            }
          />
        ) : !data ? (
          <Skeleton height={160} data-testid="planned-time-loading" />
        ) : data.machines.length === 0 ? (
          <EmptyState title={t('shiftCalendar.planned.noMachines')} />
        ) : (
          <>
            {data.machines.every((machine) => machine.totalSeconds === 0) && (
              <Text size="sm">{t('shiftCalendar.planned.nothingPlanned')}</Text>
            )}
            <Table.ScrollContainer minWidth={0} type="native">
              <Table
                aria-labelledby={titleId}
                striped
                highlightOnHover
                verticalSpacing={6}
                fz="sm"
                aria-busy={query.isFetching || undefined}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('shiftCalendar.planned.machine')}</Table.Th>
                    {data.days.map((day) => (
                      <Table.Th key={day.date} scope="col" ta="end" style={{ verticalAlign: 'bottom' }}>
                        <Stack gap={0} align="flex-end">
                          <span>{translateKey(t, `shiftCalendar.weekdaysShort.${day.weekday}`)}</span>
                          <Text span size="xs" fw={400}>
                            <LocalDateText date={day.date} />
                          </Text>
                          {day.holiday !== null && (
                            <Text span size="xs" fw={400} c="dimmed" data-testid={`holiday-${day.date}`}>
                              {t('shiftCalendar.planned.holiday')} <span translate="no">{day.holiday}</span>
                            </Text>
                          )}
                        </Stack>
                      </Table.Th>
                    ))}
                    <Table.Th scope="col" ta="end" style={{ verticalAlign: 'bottom' }}>
                      {t('shiftCalendar.planned.total')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.machines.map((machine) => (
                    <Table.Tr key={machine.machineId}>
                      <Table.Th scope="row" fw={500}>
                        <span translate="no">{machine.name}</span>
                        <Text span size="xs" c="dimmed" display="block" translate="no">
                          {machine.serialNumber}
                        </Text>
                      </Table.Th>
                      {machine.days.map((day) => (
                        <Table.Td key={day.date} ta="end" style={numeric} data-tabular>
                          <HoursText seconds={day.plannedSeconds} />
                        </Table.Td>
                      ))}
                      <Table.Td ta="end" style={numeric} fw={600} data-tabular>
                        <HoursText seconds={machine.totalSeconds} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}
