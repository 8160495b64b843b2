import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The catalogue code of an error, folded away under "Details": the words say what happened, the
 * code is there for support when someone asks for it (never the message itself).
 */
export function ErrorDetails({ code }: { code: string | undefined }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <details data-testid="error-details" style={{ marginTop: 4 }}>
      <summary style={{ cursor: 'pointer' }}>
        <Text span size="xs" c="dimmed">
          {t('errors.details')}
        </Text>
      </summary>
      <Text size="xs" c="dimmed" translate="no" data-testid="error-code">
        {/* the code is Latin text: isolate it so it reads right inside Arabic sentences */}
        {t('errors.code', { code: `\u2066${code}\u2069` })}
      </Text>
    </details>
  );
}
