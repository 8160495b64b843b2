import {
  minutesOfDay,
  type ShiftCalendar,
  type ShiftCalendarInput,
  ShiftCalendarInputSchema,
  shiftWallMinutes,
  WEEKDAYS,
} from '@kerf/contracts';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { confirm } from '../../../components/feedback';
import { NumberInput, useContractForm, useFormSubmit } from '../../../components/form';
import { formatHours } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useReplaceShiftCalendar, useShiftCalendar } from '../api/shift-calendar';
import { timeZoneOptions } from '../time-zones';

type Values = ShiftCalendarInput;
type ShiftValue = Values['shifts'][number];

/** Tuesday to Friday: what "copy Monday" fills. */
const WORKDAYS_AFTER_MONDAY = [2, 3, 4, 5];

/** The time after `time` by `hours` on the wall clock ("22:00" + 8 → "06:00"). */
function laterBy(time: string, hours: number): string {
  const minutes = ((minutesOfDay(time) ?? 0) + hours * 60) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Planned minutes a week on the wall clock: shifts without their breaks (what the form holds now). */
function weeklyMinutes(shifts: readonly ShiftValue[]): number {
  let total = 0;
  for (const shift of shifts) {
    const start = minutesOfDay(shift.start);
    const end = minutesOfDay(shift.end);
    if (start === null || end === null || start === end) continue;
    const breaks = (shift.breaks ?? []).reduce((sum, pause) => sum + (Number(pause.minutes) || 0), 0);
    total += Math.max(0, shiftWallMinutes(start, end) - breaks);
  }
  return total;
}

function CalendarForm({ calendar, locationId }: { calendar: ShiftCalendar; locationId: string }) {
  const { t, i18n } = useTranslation();
  const save = useReplaceShiftCalendar(locationId);
  const form = useContractForm(ShiftCalendarInputSchema, {
    initialValues: { timeZone: calendar.timeZone, shifts: calendar.shifts, holidays: calendar.holidays },
  });
  const onSubmit = useFormSubmit(form, (values) => save.mutateAsync(values));
  const zones = useMemo(() => timeZoneOptions(calendar.timeZone), [calendar.timeZone]);
  const { shifts, holidays } = form.getValues();
  const day = (weekday: number) => translateKey(t, `shiftCalendar.weekdays.${weekday}`);
  const shiftLabel = (shift: ShiftValue) => shift.name.trim() || t('shiftCalendar.unnamed');

  const addShift = (weekday: number) => {
    const last = shifts.filter((shift) => shift.weekday === weekday).at(-1);
    const start = last?.end ?? '06:00';
    form.insertListItem('shifts', { weekday, name: '', start, end: laterBy(start, 8), breaks: [] });
  };
  const removeShift = async (index: number) => {
    const shift = shifts[index]!;
    const confirmed = await confirm({
      title: t('shiftCalendar.removeShiftTitle'),
      message: t('shiftCalendar.removeShiftMessage', { name: shiftLabel(shift), day: day(shift.weekday) }),
      confirmLabel: t('shiftCalendar.remove'),
      cancelLabel: t('actions.cancel'),
      danger: true,
    });
    if (confirmed) form.removeListItem('shifts', index);
  };
  const addBreak = (index: number) => {
    const shift = shifts[index]!;
    const start = minutesOfDay(shift.start) !== null ? laterBy(shift.start, 4) : '10:00';
    form.insertListItem(`shifts.${index}.breaks`, { start, minutes: 30 });
  };
  const removeBreak = async (index: number, breakIndex: number) => {
    const shift = shifts[index]!;
    const confirmed = await confirm({
      title: t('shiftCalendar.removeBreakTitle'),
      message: t('shiftCalendar.removeBreakMessage', {
        time: shift.breaks?.[breakIndex]?.start ?? '',
        name: shiftLabel(shift),
      }),
      confirmLabel: t('shiftCalendar.remove'),
      cancelLabel: t('actions.cancel'),
      danger: true,
    });
    if (confirmed) form.removeListItem(`shifts.${index}.breaks`, breakIndex);
  };
  const copyMonday = async () => {
    const monday = shifts.filter((shift) => shift.weekday === 1);
    const replaced = shifts.some((shift) => WORKDAYS_AFTER_MONDAY.includes(shift.weekday));
    if (
      replaced &&
      !(await confirm({
        title: t('shiftCalendar.copyMondayTitle'),
        message: t('shiftCalendar.copyMondayMessage'),
        confirmLabel: t('shiftCalendar.copyMondayConfirm'),
        cancelLabel: t('actions.cancel'),
      }))
    )
      return;
    form.setFieldValue('shifts', [
      ...shifts.filter((shift) => !WORKDAYS_AFTER_MONDAY.includes(shift.weekday)),
      ...WORKDAYS_AFTER_MONDAY.flatMap((weekday) =>
        monday.map((shift) => ({
          ...shift,
          weekday,
          breaks: (shift.breaks ?? []).map((pause) => ({ ...pause })),
        })),
      ),
    ]);
  };
  const removeHoliday = async (index: number) => {
    const holiday = holidays[index]!;
    const confirmed = await confirm({
      title: t('shiftCalendar.removeHolidayTitle'),
      message: t('shiftCalendar.removeHolidayMessage', {
        name: holiday.name.trim() || t('shiftCalendar.unnamed'),
        date: holiday.date,
      }),
      confirmLabel: t('shiftCalendar.remove'),
      cancelLabel: t('actions.cancel'),
      danger: true,
    });
    if (confirmed) form.removeListItem('holidays', index);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {calendar.updatedAt === null && (
          <Text size="sm" data-testid="shift-calendar-unsaved">
            {t('shiftCalendar.neverSaved')}
          </Text>
        )}
        <Select
          label={t('shiftCalendar.timeZone')}
          description={t('shiftCalendar.timeZoneHint')}
          data={zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('shiftCalendar.noTimeZone')}
          dir="ltr"
          maw={360}
          // zone names are identifiers, the same in every language
          renderOption={({ option }) => <span translate="no">{option.label}</span>}
          {...form.getInputProps('timeZone')}
        />

        <Stack gap="xs">
          <Group justify="space-between" align="flex-end">
            <Title order={3} size="h4">
              {t('shiftCalendar.weeklyPattern')}
            </Title>
            <Text size="sm" c="dimmed" data-testid="shift-calendar-weekly-hours">
              {t('shiftCalendar.weeklyHours', {
                hours: formatHours(weeklyMinutes(shifts) * 60, i18n.language),
              })}
            </Text>
          </Group>
          {shifts.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('shiftCalendar.emptyText')}
            </Text>
          )}
          {WEEKDAYS.map((weekday) => {
            const entries = shifts.flatMap((shift, index) =>
              shift.weekday === weekday ? [{ shift, index }] : [],
            );
            return (
              <Fieldset key={weekday} legend={day(weekday)} variant="filled" p="sm">
                <Stack gap="sm">
                  {entries.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('shiftCalendar.noShifts')}
                    </Text>
                  )}
                  {entries.map(({ shift, index }) => {
                    const start = minutesOfDay(shift.start);
                    const end = minutesOfDay(shift.end);
                    const nextDay = start !== null && end !== null && end < start;
                    return (
                      <Paper key={index} withBorder p="xs" radius="sm" data-testid={`shift-${index}`}>
                        <Stack gap={6}>
                          <Group align="flex-start" gap="xs">
                            <TextInput
                              label={t('shiftCalendar.shiftName')}
                              w={200}
                              {...form.getInputProps(`shifts.${index}.name`)}
                            />
                            <TextInput
                              type="time"
                              label={t('shiftCalendar.start')}
                              w={130}
                              {...form.getInputProps(`shifts.${index}.start`)}
                            />
                            <TextInput
                              type="time"
                              label={t('shiftCalendar.end')}
                              description={nextDay ? t('shiftCalendar.nextDay') : undefined}
                              w={150}
                              {...form.getInputProps(`shifts.${index}.end`)}
                            />
                            <ActionIcon
                              variant="subtle"
                              color="red.8"
                              size="lg"
                              mt={24}
                              aria-label={t('shiftCalendar.removeShift', {
                                name: shiftLabel(shift),
                                day: day(weekday),
                              })}
                              onClick={() => void removeShift(index)}
                            >
                              <IconTrash size={18} aria-hidden />
                            </ActionIcon>
                          </Group>
                          {(shift.breaks ?? []).map((pause, breakIndex) => (
                            <Group
                              // biome-ignore lint/suspicious/noArrayIndexKey: a break has no identity but its place in the shift (the form's path); its inputs are controlled
                              key={breakIndex}
                              align="flex-start"
                              gap="xs"
                              ps="md"
                            >
                              <TextInput
                                type="time"
                                label={t('shiftCalendar.breakStart')}
                                w={130}
                                {...form.getInputProps(`shifts.${index}.breaks.${breakIndex}.start`)}
                              />
                              <NumberInput
                                label={t('shiftCalendar.breakMinutes')}
                                min={1}
                                max={240}
                                allowDecimal={false}
                                clampBehavior="none"
                                w={110}
                                {...form.getInputProps(`shifts.${index}.breaks.${breakIndex}.minutes`)}
                              />
                              <ActionIcon
                                variant="subtle"
                                color="red.8"
                                size="lg"
                                mt={24}
                                aria-label={t('shiftCalendar.removeBreak', {
                                  time: pause.start,
                                  name: shiftLabel(shift),
                                })}
                                onClick={() => void removeBreak(index, breakIndex)}
                              >
                                <IconTrash size={16} aria-hidden />
                              </ActionIcon>
                            </Group>
                          ))}
                          <Group>
                            <Button
                              variant="subtle"
                              size="compact-sm"
                              leftSection={<IconPlus size={14} aria-hidden />}
                              aria-label={t('shiftCalendar.addBreakTo', { name: shiftLabel(shift) })}
                              onClick={() => addBreak(index)}
                            >
                              {t('shiftCalendar.addBreak')}
                            </Button>
                          </Group>
                        </Stack>
                      </Paper>
                    );
                  })}
                  <Group gap="xs">
                    <Button
                      variant="light"
                      size="compact-sm"
                      leftSection={<IconPlus size={14} aria-hidden />}
                      aria-label={t('shiftCalendar.addShiftOn', { day: day(weekday) })}
                      onClick={() => addShift(weekday)}
                    >
                      {t('shiftCalendar.addShift')}
                    </Button>
                    {weekday === 1 && (
                      <Button
                        variant="default"
                        size="compact-sm"
                        leftSection={<IconCopy size={14} aria-hidden />}
                        disabled={entries.length === 0}
                        onClick={() => void copyMonday()}
                      >
                        {t('shiftCalendar.copyMonday')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Fieldset>
            );
          })}
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('shiftCalendar.holidays')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('shiftCalendar.holidaysHint')}
          </Text>
          {holidays.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('shiftCalendar.noHolidays')}
            </Text>
          ) : (
            holidays.map((holiday, index) => (
              <SimpleGrid
                // biome-ignore lint/suspicious/noArrayIndexKey: a holiday has no identity but its place in the list (the form's path); its inputs are controlled
                key={index}
                cols={{ base: 1, xs: 3 }}
                spacing="xs"
                data-testid={`holiday-${index}`}
              >
                <TextInput
                  type="date"
                  label={t('shiftCalendar.holidayDate')}
                  {...form.getInputProps(`holidays.${index}.date`)}
                />
                <TextInput
                  label={t('shiftCalendar.holidayName')}
                  {...form.getInputProps(`holidays.${index}.name`)}
                />
                <Group align="flex-end">
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    size="lg"
                    mb={2}
                    aria-label={t('shiftCalendar.removeHoliday', {
                      name: holiday.name.trim() || holiday.date || t('shiftCalendar.unnamed'),
                    })}
                    onClick={() => void removeHoliday(index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </SimpleGrid>
            ))
          )}
          <Group>
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => form.insertListItem('holidays', { date: '', name: '' })}
            >
              {t('shiftCalendar.addHoliday')}
            </Button>
          </Group>
        </Stack>

        <Group justify="flex-end" gap="xs">
          <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
            {t('shiftCalendar.discard')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The admin's shift calendar of a location (issue 36): time zone, the weekly shifts with their
 * breaks (Monday copied to the other workdays in one go), and the holidays; checked with the
 * contract's rules before sending, every removal confirmed, saved as a whole.
 */
export function ShiftCalendarEditor({ locationId }: { locationId: string }) {
  const { t } = useTranslation();
  const query = useShiftCalendar(locationId);
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('shiftCalendar.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('shiftCalendar.explain')}
        </Text>
        {query.error ? (
          <ErrorAlert
            error={query.error}
            action={
              <Button variant="light" size="compact-sm" mt="xs" onClick={() => void query.refetch()}>
                {t('actions.retry')}
              </Button>
            }
          />
        ) : !query.data ? (
          <Skeleton height={280} data-testid="shift-calendar-loading" />
        ) : (
          // a saved calendar comes back ordered: the form starts again from it
          <CalendarForm key={query.data.updatedAt ?? 'new'} calendar={query.data} locationId={locationId} />
        )}
      </Stack>
    </Paper>
  );
}
