import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorDetails } from './error-details';
import { errorText } from './error-text';

/** An error in words, its code folded away under "Details" (docs/design.md "Empty, loading, error"). */
export function ErrorAlert({ error, title, action }: { error: unknown; title?: string; action?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { message, code } = errorText(error, t, i18n);
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={title} role="alert">
      <Text size="sm">{message}</Text>
      <ErrorDetails code={code} />
      {action}
    </Alert>
  );
}
