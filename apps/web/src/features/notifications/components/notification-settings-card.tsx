import { type NotificationSettings, SetNotificationSettingsSchema } from '@kerf/contracts';
import { Button, Card, Checkbox, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { NumberInput, useContractForm, useFormSubmit } from '../../../components/form';
import { useNotificationSettings, useSetNotificationSettings } from '../api/settings';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const save = useSetNotificationSettings();
  const form = useContractForm(SetNotificationSettingsSchema, {
    initialValues: {
      timeZone: settings.timeZone,
      shiftDays: settings.shiftDays,
      shiftStart: settings.shiftStart,
      shiftEnd: settings.shiftEnd,
      interruptionMinutes: settings.interruptionMinutes,
    },
  });
  const onSubmit = useFormSubmit(form, (values) => save.mutateAsync(values));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('notifications.settings.timeZone')}
          dir="ltr"
          {...form.getInputProps('timeZone')}
        />
        <Checkbox.Group
          label={t('notifications.settings.shiftDays')}
          value={form.getValues().shiftDays.map(String)}
          onChange={(value) => form.setFieldValue('shiftDays', value.map(Number))}
          error={form.errors.shiftDays}
        >
          <Group gap="md" mt={4}>
            {DAYS.map((day) => (
              <Checkbox key={day} value={String(day)} label={t(`notifications.settings.day.${day}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group grow align="flex-start">
          <TextInput
            type="time"
            label={t('notifications.settings.shiftStart')}
            {...form.getInputProps('shiftStart')}
          />
          <TextInput
            type="time"
            label={t('notifications.settings.shiftEnd')}
            {...form.getInputProps('shiftEnd')}
          />
          <NumberInput
            label={t('notifications.settings.interruptionMinutes')}
            min={1}
            max={1440}
            {...form.getInputProps('interruptionMinutes')}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Tenant admin: the shift window (machines offline) and the interruption threshold of the notifications. */
export function NotificationSettingsCard() {
  const { t } = useTranslation();
  const query = useNotificationSettings();
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('notifications.settings.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('notifications.settings.explain')}
        </Text>
        {query.error ? <ErrorAlert error={query.error} /> : null}
        {query.isPending ? (
          <Skeleton height={120} />
        ) : query.data ? (
          <SettingsForm settings={query.data} />
        ) : null}
      </Stack>
    </Card>
  );
}
