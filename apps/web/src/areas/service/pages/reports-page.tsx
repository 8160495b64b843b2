import { Button, Card, Container, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../components/feedback';
import { renderNoTranslateOption } from '../../../components/inputs';
import { usePageTitle } from '../../../components/layout';
import { useCustomers, useExportCustomersCsv } from '../../../features/customer-service';

const PERIODS = [7, 30, 90, 365] as const;

/** product.md §2: CSV export of all or of the selected customers (machines, licences, online status, uptime, cuts). */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const customers = useCustomers();
  const exportCsv = useExportCustomersCsv();
  const [selected, setSelected] = useState<string[]>([]);
  const [days, setDays] = useState('30');
  usePageTitle(t('customerService.reportsTitle'));
  const run = async (tenantIds: string[]) => {
    try {
      await exportCsv.mutateAsync({ tenantIds, days: Number(days), locale: i18n.language });
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('customerService.reportsTitle')}</Title>
        <Text c="dimmed">{t('customerService.reportsHint')}</Text>
        <Card withBorder radius="md" p="lg">
          <Stack>
            <MultiSelect
              label={t('customerService.reportCustomers')}
              description={t('customerService.reportCustomersHint')}
              searchable
              clearable
              renderOption={renderNoTranslateOption}
              data={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              value={selected}
              onChange={setSelected}
            />
            <Select
              label={t('customerService.period')}
              allowDeselect={false}
              data={PERIODS.map((n) => ({
                value: String(n),
                label: t(`customerService.periods.d${n as 7 | 30 | 90 | 365}`),
              }))}
              value={days}
              onChange={(value) => setDays(value ?? '30')}
              maw={240}
            />
            <Group>
              <Button
                leftSection={<IconDownload size={18} aria-hidden />}
                disabled={selected.length === 0}
                loading={exportCsv.isPending && (exportCsv.variables?.tenantIds.length ?? 0) > 0}
                onClick={() => void run(selected)}
              >
                {t('customerService.exportSelected', { n: selected.length })}
              </Button>
              <Button
                variant="default"
                leftSection={<IconDownload size={18} aria-hidden />}
                loading={exportCsv.isPending && exportCsv.variables?.tenantIds.length === 0}
                onClick={() => void run([])}
              >
                {t('customerService.exportAll')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
