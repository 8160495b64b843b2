import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Loading placeholder shaped like a page: a title and a few blocks (skeletons over spinners). */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('app.loading')} role="status">
      <Skeleton height={32} width="40%" />
      <Skeleton height={16} width="70%" />
      <Skeleton height={120} />
      <Skeleton height={120} />
    </Stack>
  );
}
