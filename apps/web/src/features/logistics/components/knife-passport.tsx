import type { PassportEvent } from '@kerf/contracts';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconBuildingFactory2,
  IconHomeCheck,
  IconLogin2,
  IconLogout2,
  IconPackageImport,
  IconRecycle,
  IconSparkles,
  IconTool,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { EmptyState } from '../../../components/feedback';
import { DateText } from '../../../components/format';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import type { KnifeRef, LogisticsSide } from '../api/keys';
import { usePassport } from '../api/knives';
import { StayStateBadge } from './custody-state-badge';

const ICON = {
  REGISTERED: IconSparkles,
  SCANNED_IN: IconLogin2,
  SCANNED_OUT: IconLogout2,
  SHIPPED: IconTruckDelivery,
  RECEIVED: IconPackageImport,
  GROUND: IconTool,
  SHIPPED_BACK: IconArrowBackUp,
  RECEIVED_BACK: IconHomeCheck,
  SCRAPPED: IconRecycle,
  RFID_CONFLICT: IconAlertTriangle,
} as const satisfies Record<PassportEvent['kind'], unknown>;

const FIRST_EVENTS = 12;

/**
 * The knife's passport: who held it when (its stays with grinding shops) and everything that
 * happened to it, newest first. The owner sees the whole chain; a grinding shop only its own part.
 */
export function KnifePassport({ side, knife }: { side: LogisticsSide; knife: KnifeRef }) {
  const { t, i18n } = useTranslation();
  const { rfid } = knife;
  const passport = usePassport(side, knife);
  const [shown, setShown] = useState(FIRST_EVENTS);
  const locale = i18n.language;
  const data = passport.data;

  const detail = (event: PassportEvent) => {
    if (event.kind === 'GROUND')
      return [
        event.height === null
          ? null
          : t('logistics.passport.heightAfter', { value: formatNumber(event.height, locale, 2) }),
        event.cutsInCycle === null
          ? null
          : t('logistics.passport.cuts', { value: formatNumber(event.cutsInCycle, locale) }),
        event.grindingReference,
      ]
        .filter(Boolean)
        .join(' · ');
    if (event.machineName) return [event.machineName, event.locationName].filter(Boolean).join(' · ');
    return null;
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={`passport-${rfid}`}>
      <Title order={2} size="h4" id={`passport-${rfid}`}>
        {t('logistics.passport.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {side === 'owner' ? t('logistics.passport.ownerIntro') : t('logistics.passport.grinderIntro')}
      </Text>
      {passport.error ? (
        <ErrorAlert error={passport.error} />
      ) : !data ? (
        <Skeleton height={160} />
      ) : (
        <Stack gap="md">
          <Card withBorder padding="sm">
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t('logistics.passport.stays')}
              </Text>
              {data.custody.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('logistics.passport.noStays', { owner: data.ownerName })}
                </Text>
              ) : (
                data.custody.slice(0, 6).map((stay) => (
                  <Group key={stay.id} gap="xs" wrap="wrap">
                    <StayStateBadge stay={stay} />
                    <Text size="sm">{stay.grindingShopName}</Text>
                    <Text size="sm" c="dimmed">
                      <DateText value={stay.sentAt} /> –{' '}
                      {stay.returnedAt ? (
                        <DateText value={stay.returnedAt} />
                      ) : stay.scrappedAt ? (
                        <DateText value={stay.scrappedAt} />
                      ) : (
                        t('logistics.passport.now')
                      )}
                    </Text>
                    {stay.cycles > 0 && (
                      <Badge variant="light" color="gray">
                        {t('logistics.passport.grindings', { count: stay.cycles })}
                      </Badge>
                    )}
                  </Group>
                ))
              )}
            </Stack>
          </Card>
          {data.events.length === 0 ? (
            <EmptyState title={t('logistics.passport.empty')} />
          ) : (
            <Timeline bulletSize={26} lineWidth={2} active={-1}>
              {data.events.slice(0, shown).map((event) => {
                const Icon = ICON[event.kind];
                const text = detail(event);
                return (
                  <Timeline.Item
                    key={`${event.at}-${event.kind}-${event.shipmentId ?? event.machineName ?? event.grindingReference ?? ''}`}
                    bullet={<Icon size={14} aria-hidden />}
                    title={translateKey(t, `logistics.passport.kinds.${event.kind}`)}
                  >
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" c="dimmed">
                        <DateText value={event.at} withTime />
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        <IconBuildingFactory2 size={14} aria-hidden />
                        <Text size="sm">{event.holderName}</Text>
                      </Group>
                    </Group>
                    {text && (
                      <Text size="sm" c="dimmed">
                        {text}
                      </Text>
                    )}
                  </Timeline.Item>
                );
              })}
            </Timeline>
          )}
          {data.events.length > shown && (
            <Group>
              <Button size="xs" variant="subtle" onClick={() => setShown((value) => value + 50)}>
                {t('logistics.passport.more', { count: data.events.length - shown })}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
