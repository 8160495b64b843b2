import type { KnifeHistoryEvent } from '@kerf/contracts';
import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import {
  type Icon,
  IconArrowBarToDown,
  IconArrowBarUp,
  IconEdit,
  IconHourglass,
  IconRefresh,
  IconSparkles,
  IconTag,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { EmptyState } from '../../../components/feedback';
import { DateText } from '../../../components/format';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useKnifeEvents } from '../api/knife-events';

const ICONS: Record<KnifeHistoryEvent['kind'], Icon> = {
  REGISTERED: IconTag,
  SCANNED_IN: IconArrowBarToDown,
  SCANNED_OUT: IconArrowBarUp,
  GROUND: IconSparkles,
  EDITED: IconEdit,
  STATE_CHANGED: IconRefresh,
  SWAP_INTERVAL_CHANGED: IconHourglass,
};

const PAGE_SIZE = 10;

/** What happened to the knife, newest first: in and out of machines, grindings, edits, state changes. */
export function KnifeEvents({ rfid }: { rfid: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [pages, setPages] = useState(1);
  const query = useKnifeEvents(rfid, 0, PAGE_SIZE * pages);
  const describe = (event: KnifeHistoryEvent) => {
    const place = [event.locationName, event.machineName].filter(Boolean).join(' · ');
    switch (event.kind) {
      case 'SCANNED_IN':
      case 'SCANNED_OUT':
        return place;
      case 'GROUND':
        return t('knives.events.groundDetails', {
          cuts: formatNumber(event.cutsInCycle ?? 0, locale),
          height: event.height === null ? '—' : formatNumber(event.height, locale, 2),
        });
      case 'EDITED':
        return (event.changedFields ?? [])
          .map((field) => translateKey(t, `knives.fields.${field}`))
          .join(', ');
      case 'STATE_CHANGED':
        return event.state ? translateKey(t, `knives.states.${event.state}`) : '';
      case 'SWAP_INTERVAL_CHANGED':
        return event.value === null
          ? t('knives.events.intervalInherited')
          : t('knives.cutsValue', { value: formatNumber(event.value, locale) });
      default:
        return '';
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="md">
        {t('knives.events.title')}
      </Title>
      {query.error ? (
        <ErrorAlert error={query.error} />
      ) : !query.data ? (
        <Stack gap="xs">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t('knives.events.empty')} />
      ) : (
        <>
          <Timeline bulletSize={28} lineWidth={2}>
            {query.data.items.map((event, index) => {
              const EventIcon = ICONS[event.kind];
              const details = describe(event);
              return (
                <Timeline.Item
                  // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; the list is append-only
                  key={`${event.at}-${event.kind}-${index}`}
                  bullet={
                    <ThemeIcon size={28} radius="xl" variant="light" color="gray">
                      <EventIcon size={16} aria-hidden />
                    </ThemeIcon>
                  }
                  title={
                    <Text fw={500} size="sm">
                      {translateKey(t, `knives.events.kinds.${event.kind}`)}
                    </Text>
                  }
                >
                  {details && (
                    <Text
                      size="sm"
                      translate={
                        event.kind === 'SCANNED_IN' || event.kind === 'SCANNED_OUT' ? 'no' : undefined
                      }
                      dir="auto"
                    >
                      {details}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    <DateText value={event.at} withTime />
                    {event.actorName && (
                      <Text span size="xs" translate="no">
                        {' · '}
                        {event.actorName}
                      </Text>
                    )}
                  </Text>
                </Timeline.Item>
              );
            })}
          </Timeline>
          {query.data.total > query.data.items.length && (
            <Group justify="center" mt="md">
              <Button variant="default" loading={query.isFetching} onClick={() => setPages((n) => n + 1)}>
                {t('knives.events.more')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Paper>
  );
}
