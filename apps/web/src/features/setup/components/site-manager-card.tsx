import { SERIAL_PATTERN } from '@kerf/contracts';
import { Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRouter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { notifyError, notifySaved } from '../../../components/feedback';
import { fieldErrorMessage } from '../../../components/form';
import { useSaveSiteManager, useSiteManager } from '../api/setup-checks';

/** The tenant's site manager serial number (product.md §3): shown, changed, and checked by the assistant. */
export function SiteManagerCard() {
  const { t, i18n } = useTranslation();
  const query = useSiteManager();
  const save = useSaveSiteManager();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = query.data?.serialNumber ?? '';
  const shown = value ?? current;

  const submit = async () => {
    const serial = shown.trim();
    if (serial && !SERIAL_PATTERN.test(serial)) {
      setError(fieldErrorMessage(t, 'INVALID_FORMAT'));
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(serial || null);
      setValue(null);
      notifySaved(t);
    } catch (err) {
      notifyError(err, t, i18n);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          <IconRouter size={20} aria-hidden style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }} />
          {t('setup.siteManager.title')}
        </Title>
        <Text size="sm">{t('setup.siteManager.intro')}</Text>
        {query.isLoading ? (
          <Skeleton h={36} />
        ) : query.error ? (
          <ErrorAlert error={query.error} />
        ) : (
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('setup.siteManager.serial')}
              value={shown}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
              maxLength={64}
              dir="ltr"
              style={{ flex: 1, minWidth: 180 }}
            />
            <Button onClick={() => void submit()} loading={save.isPending} disabled={shown === current}>
              {t('actions.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
