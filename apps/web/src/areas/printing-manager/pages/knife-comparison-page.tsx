import { MAX_COMPARED_KNIVES, RFID_PATTERN } from '@kerf/contracts';
import { Box, Button, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, notifyError } from '../../../components/feedback';
import { renderNoTranslateOption } from '../../../components/inputs';
import { usePageTitle } from '../../../components/layout';
import {
  CompareLimitAlert,
  downloadComparisonCsv,
  KnifeComparison,
  useMinimalKnives,
} from '../../../features/knives';

/** Knife comparison (product.md §2): up to five knives side by side, with a chart and a CSV download. */
export function KnifeComparisonPage() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const rfids = (searchParams.get('rfids') ?? '')
    .split(',')
    .filter((rfid) => RFID_PATTERN.test(rfid))
    .slice(0, MAX_COMPARED_KNIVES);
  const knives = useMinimalKnives();
  const [tooMany, setTooMany] = useState(false);
  const [isDownloading, setDownloading] = useState(false);
  usePageTitle(t('knives.compare.title'));

  const choose = (next: string[]) => {
    if (next.length > MAX_COMPARED_KNIVES) {
      setTooMany(true);
      return;
    }
    setTooMany(false);
    setSearchParams(next.length ? { rfids: next.join(',') } : {}, { replace: true });
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadComparisonCsv(rfids, i18n.language);
    } catch (error) {
      notifyError(error, t, i18n);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('knives.compare.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('knives.compare.intro', { max: MAX_COMPARED_KNIVES })}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          disabled={rfids.length === 0}
          loading={isDownloading}
          onClick={() => void download()}
        >
          {t('knives.csv.download')}
        </Button>
      </Group>
      {/* the chosen knives are codes (RFID · article number): no page translator touches them */}
      <Box translate="no" maw={720}>
        <MultiSelect
          label={t('knives.compare.pick')}
          placeholder={rfids.length ? undefined : t('knives.compare.pickPlaceholder')}
          data={(knives.data?.items ?? []).map((knife) => ({
            value: knife.rfid,
            label: [knife.rfid, knife.articleNumber].filter(Boolean).join(' · '),
          }))}
          value={rfids}
          onChange={choose}
          searchable
          clearable
          renderOption={renderNoTranslateOption}
          nothingFoundMessage={t('table.noResults')}
        />
      </Box>
      {tooMany && <CompareLimitAlert onClose={() => setTooMany(false)} />}
      {rfids.length === 0 ? (
        <EmptyState title={t('knives.compare.empty')} description={t('knives.compare.emptyHint')} />
      ) : (
        <KnifeComparison rfids={rfids} />
      )}
    </Stack>
  );
}
