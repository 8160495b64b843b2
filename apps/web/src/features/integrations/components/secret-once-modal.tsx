import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shows a key or signing secret the one time the server hands it out. */
export function SecretOnceModal({
  title,
  label,
  secret,
  onClose,
}: {
  title: string;
  label: string;
  secret: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <Stack gap="md">
        <Alert
          color="yellow"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('integrations.shownOnceTitle')}
        >
          {t('integrations.shownOnce')}
        </Alert>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Code block translate="no" dir="ltr" style={{ wordBreak: 'break-all' }} data-testid="secret-once">
            {secret}
          </Code>
        </Stack>
        <Group justify="flex-end">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('integrations.copied') : t('integrations.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('integrations.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
