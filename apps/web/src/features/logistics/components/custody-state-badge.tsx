import type { Custody } from '@kerf/contracts';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KnifeStateBadge } from '../../knives';

/**
 * A stay of a knife with a grinding shop shows the knife's one state (a stay has none of its own),
 * and, while the grinding shop has not received it yet, that it is still on its way there.
 */
export function StayStateBadge({ stay }: { stay: Pick<Custody, 'state' | 'receivedAt'> }) {
  const { t } = useTranslation();
  return (
    // the note goes under the badge where the cell is narrow (a phone), beside it where there is room
    <Group gap={6} style={{ rowGap: 2 }}>
      <KnifeStateBadge state={stay.state} />
      {stay.state === 'AT_GRINDER' && stay.receivedAt === null && (
        <Text size="xs" c="dimmed">
          {t('logistics.custody.onItsWay')}
        </Text>
      )}
    </Group>
  );
}
