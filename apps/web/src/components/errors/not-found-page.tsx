import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** product.md §8: 'Oops! We cannot find the page' with a button to the start page. */
export function NotFoundContent({ homePath = '/' }: { homePath?: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py={64} ta="center">
      <Text fz={64} fw={700} c="steel.7" aria-hidden translate="no">
        404
      </Text>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Button
        component={Link}
        to={homePath}
        leftSection={<IconArrowBackUp size={18} aria-hidden className="mirror-in-rtl" />}
      >
        {t('notFound.action')}
      </Button>
    </Stack>
  );
}
