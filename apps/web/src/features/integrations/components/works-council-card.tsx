import type { WorksCouncilMode } from '@kerf/contracts';
import { Card, Group, SegmentedControl, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { confirm, notifyError, notifySaved } from '../../../components/feedback';
import { DateText } from '../../../components/format';
import { useSetWorksCouncil, useWorksCouncilSetting } from '../api/works-council';
import { CardHeading } from './card-heading';

/** Tenant admin: works-council mode — per-employee reports only under pseudonyms (asks first, audited). */
export function WorksCouncilCard() {
  const { t, i18n } = useTranslation();
  const query = useWorksCouncilSetting();
  const set = useSetWorksCouncil();
  const onChange = async (enabled: boolean) => {
    const ok = await confirm({
      title: enabled ? t('worksCouncil.confirmOnTitle') : t('worksCouncil.confirmOffTitle'),
      message: enabled ? t('worksCouncil.confirmOn') : t('worksCouncil.confirmOff'),
      confirmLabel: enabled ? t('worksCouncil.switchOn') : t('worksCouncil.switchOff'),
      cancelLabel: t('actions.cancel'),
      danger: !enabled,
    });
    if (!ok) return;
    try {
      await set.mutateAsync({ enabled });
      notifySaved(t);
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };
  const onMode = async (mode: WorksCouncilMode) => {
    try {
      await set.mutateAsync({ enabled: query.data?.enabled ?? false, mode });
      notifySaved(t);
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <CardHeading title={t('worksCouncil.title')} explain={t('worksCouncil.explain')} />
        {query.error ? <ErrorAlert error={query.error} /> : null}
        {query.isPending ? (
          <Skeleton height={24} width={240} />
        ) : query.data ? (
          <Group justify="space-between" wrap="wrap">
            <Switch
              checked={query.data.enabled}
              disabled={set.isPending}
              label={query.data.enabled ? t('worksCouncil.on') : t('worksCouncil.off')}
              aria-label={t('worksCouncil.title')}
              onChange={(event) => void onChange(event.currentTarget.checked)}
            />
            <SegmentedControl
              value={query.data.mode}
              disabled={set.isPending}
              aria-label={t('worksCouncil.mode')}
              onChange={(value) => void onMode(value as WorksCouncilMode)}
              data={[
                { value: 'PSEUDONYMS', label: t('worksCouncil.modes.PSEUDONYMS') },
                { value: 'TEAMS', label: t('worksCouncil.modes.TEAMS') },
              ]}
            />
            {query.data.changedAt && (
              <Text size="sm" c="dimmed">
                {t('worksCouncil.changed', { name: query.data.changedBy?.displayName ?? '' })}{' '}
                <DateText value={query.data.changedAt} withTime />
              </Text>
            )}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
