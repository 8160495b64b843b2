import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/layout';
import { KnifeTable } from '../../../features/knives';

/** The manager's knife list; up to five knives ticked open the comparison. */
export function KnifeListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  usePageTitle(t('knives.title'));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('knives.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('knives.intro')}
          </Text>
        </Stack>
        <Button
          leftSection={<IconColumns size={18} aria-hidden />}
          disabled={selected.length < 2}
          onClick={() =>
            void navigate(`../knife-comparison?rfids=${selected.join(',')}`, { relative: 'path' })
          }
        >
          {t('knives.compare.open', { count: selected.length })}
        </Button>
      </Group>
      <KnifeTable selection={{ selected, onChange: setSelected }} />
    </Stack>
  );
}
