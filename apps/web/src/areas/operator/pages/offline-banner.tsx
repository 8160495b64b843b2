import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconCloudUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../lib/i18n';
import { useOutbox, useTerminalState } from '../terminal';

/**
 * Says plainly when the terminal cannot reach the server and how many inputs wait to be sent; and
 * which inputs the server refused when they were sent (they are shown, never silently dropped).
 * One line above every page of the terminal, error and not-found pages included.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const outbox = useOutbox();
  const { offline, items, refused } = useTerminalState();
  if (!offline && items.length === 0 && refused.length === 0) return null;
  return (
    <Stack gap="xs" mb="sm">
      {offline && (
        <Group
          gap="sm"
          wrap="nowrap"
          px="md"
          py={8}
          role="status"
          data-testid="offline-banner"
          style={{
            background: 'var(--mantine-color-red-9)',
            color: 'var(--mantine-color-white)',
            borderRadius: 8,
            minHeight: 48,
          }}
        >
          <IconCloudOff size={28} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="lg" fw={700} c="inherit">
            {t('operator.offline.title')}
          </Text>
          <Text fz="lg" c="inherit">
            {items.length > 0
              ? t('operator.offline.pending', { count: items.length })
              : t('operator.offline.nothingPending')}
          </Text>
        </Group>
      )}
      {!offline && items.length > 0 && (
        <Group gap="xs" role="status" wrap="nowrap">
          <IconCloudUpload size={24} aria-hidden />
          <Text fz="lg">{t('operator.offline.sending', { count: items.length })}</Text>
        </Group>
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
                {item.field
                  ? translateKey(t, `fields.${item.field}`)
                  : translateKey(t, `errors.${item.code}`)}
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
