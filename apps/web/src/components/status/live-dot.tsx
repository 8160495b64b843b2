import { Alert, Box, Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AgeText, TimeText } from '../format';

/**
 * docs/design.md live dot: green while the live socket is connected, with the time the server read
 * what the page shows (`asOf`); while not live it also says how old that is.
 */
export function LiveDot({ live, updatedAt }: { live: boolean; updatedAt: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} aria-live="polite" data-testid="live-state" data-live={live}>
      <Box
        w={10}
        h={10}
        style={{
          borderRadius: '50%',
          background: live ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-6)',
        }}
        aria-hidden
      />
      <Text size="sm" c="dimmed">
        {live ? t('live.live') : t('live.notLive')}
        {updatedAt > 0 && (
          <>
            {' · '}
            {t('live.updatedAt')} <TimeText value={updatedAt} />
            {!live && (
              <>
                {' ('}
                <AgeText value={updatedAt} />
                {')'}
              </>
            )}
          </>
        )}
      </Text>
    </Group>
  );
}

/** The banner while the live socket is down: the values shown may be out of date. */
export function ConnectionBanner() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow.9" icon={<IconPlugConnectedX aria-hidden />} role="status">
      {t('live.connectionLost')}
    </Alert>
  );
}
