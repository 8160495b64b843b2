import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './error-text';

/** An error in words plus its code in small print (DESIGN.md "Empty, loading, error"). */
export function ErrorAlert({ error, title, action }: { error: unknown; title?: string; action?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { message, code } = errorText(error, t, i18n);
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={title} role="alert">
      <Text size="sm">{message}</Text>
      {code && (
        <Text size="xs" c="dimmed" mt={4} translate="no" data-testid="error-code">
          {/* the code is Latin text: isolate it so it reads right inside Arabic sentences */}
          {t('errors.code', { code: `\u2066${code}\u2069` })}
        </Text>
      )}
      {action}
    </Alert>
  );
}
