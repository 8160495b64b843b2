import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../lib/i18n';
import { useOutbox, useTerminalState } from '../terminal';

/**
 * Says plainly when the terminal cannot reach the server and how many inputs wait to be sent; and
 * which inputs the server refused when they were sent (they are shown, never silently dropped).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const outbox = useOutbox();
  const { offline, items, refused } = useTerminalState();
  return (
    <Stack gap="sm">
      {offline && (
        <Alert
          color="red.9"
          variant="filled"
          icon={<IconCloudOff size={32} aria-hidden />}
          role="status"
          data-testid="offline-banner"
          title={
            <Text fz="xl" fw={700}>
              {t('operator.offline.title')}
            </Text>
          }
        >
          <Text fz="lg">
            {items.length > 0
              ? t('operator.offline.pending', { count: items.length })
              : t('operator.offline.nothingPending')}
          </Text>
        </Alert>
      )}
      {!offline && items.length > 0 && (
        <Text fz="lg" c="dimmed" role="status">
          {t('operator.offline.sending', { count: items.length })}
        </Text>
      )}
      {refused.length > 0 && (
        <Alert
          color="yellow.9"
          role="alert"
          title={
            <Text fz="lg" fw={700}>
              {t('operator.offline.refusedTitle')}
            </Text>
          }
        >
          <Stack gap={4}>
            {refused.map((item) => (
              <Text key={item.key} fz="lg">
                {item.kind === 'status'
                  ? translateKey(t, `status.machine.${item.status}`)
                  : `${translateKey(t, `operator.offline.kind.${item.kind}`)}: ${item.name}`}
                {' — '}
                {translateKey(t, `errors.${item.code}`)}
              </Text>
            ))}
            <Group>
              <Button
                size="touch"
                variant="default"
                leftSection={<IconX aria-hidden />}
                onClick={() => outbox.dismissRefused()}
              >
                {t('operator.offline.dismiss')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
