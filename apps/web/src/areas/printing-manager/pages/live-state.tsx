import { Alert, Box, Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgeText, TimeText } from '../../../components/format';
import { useLiveConnection } from '../../../lib/live';

const BANNER_DELAY_MS = 3000;

/**
 * The live socket's state for a page that follows machines (docs/design.md "Live data"): whether it is
 * live, a banner when it is not (after a moment, so a quick reconnect does not flash it), and a
 * `refetch` once the socket is back, for what changed meanwhile.
 */
export function useLiveState(hasMachines: boolean, refetch: () => void) {
  const connection = useLiveConnection();
  const live = connection === 'open' || (connection === 'idle' && !hasMachines);
  const wasOpen = useRef(false);
  const wasDown = useRef(false);
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  useEffect(() => {
    if (connection !== 'open') {
      if (wasOpen.current) wasDown.current = true;
      return;
    }
    wasOpen.current = true;
    if (wasDown.current) {
      wasDown.current = false;
      refetchRef.current();
    }
  }, [connection]);
  const [showBanner, setShowBanner] = useState(false);
  useEffect(() => {
    if (live) {
      setShowBanner(false);
      return;
    }
    const timer = setTimeout(() => setShowBanner(true), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [live]);
  return { live, showBanner };
}

/**
 * The small "live" dot with the time the server read the machines' views (`asOf`); while not live
 * it also says how old that is.
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
        {live ? t('manager.live.live') : t('manager.live.notLive')}
        {updatedAt > 0 && (
          <>
            {' · '}
            {t('manager.live.updatedAt')} <TimeText value={updatedAt} />
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

export function ConnectionBanner() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow.9" icon={<IconPlugConnectedX aria-hidden />} role="status">
      {t('manager.live.connectionLost')}
    </Alert>
  );
}
