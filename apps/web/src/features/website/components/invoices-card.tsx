import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { formatDate } from '../../../lib/format';
import { invoicePdfUrl, useInvoices } from '../api/invoices';
import { MoneyText } from './price-summary';

/** The printing shop's invoices (registration and licence orders), each opened as PDF. */
export function InvoicesCard() {
  const { t, i18n } = useTranslation();
  const invoices = useInvoices();
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const open = async (id: string) => {
    setOpening(id);
    setError(null);
    try {
      const url = await invoicePdfUrl(id);
      window.open(url, '_blank', 'noopener');
    } catch (failure) {
      setError(failure);
    } finally {
      setOpening(null);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('websiteForms.invoices.title')}
        </Title>
        {invoices.isError && <ErrorAlert error={invoices.error} />}
        {error ? <ErrorAlert error={error} /> : null}
        {invoices.isPending ? (
          <Skeleton h={80} />
        ) : invoices.data?.length === 0 ? (
          <Text c="dimmed">{t('websiteForms.invoices.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('websiteForms.invoices.number')}</Table.Th>
                  {/* a phone shows number, total and the PDF; the dates join on wider screens */}
                  <Table.Th visibleFrom="xs">{t('websiteForms.invoices.date')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('websiteForms.invoices.due')}</Table.Th>
                  <Table.Th visibleFrom="xs">{t('moneyWebsite.invoices.machines')}</Table.Th>
                  <Table.Th ta="end">{t('websiteForms.invoices.total')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data?.map((invoice) => (
                  <Table.Tr key={invoice.id} data-testid={`invoice-${invoice.number}`}>
                    <Table.Td translate="no">{invoice.number}</Table.Td>
                    <Table.Td visibleFrom="xs">{formatDate(invoice.issuedAt, i18n.language)}</Table.Td>
                    <Table.Td visibleFrom="sm">
                      {formatDate(`${invoice.dueDate}T00:00:00Z`, i18n.language, 'UTC')}
                    </Table.Td>
                    <Table.Td visibleFrom="xs" data-testid="invoice-machines">
                      {t('websiteForms.price.machines', { count: invoice.machineCount })}
                    </Table.Td>
                    <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} data-testid="invoice-total">
                      <MoneyText cents={invoice.totalCents} currency={invoice.currency} />
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconFileTypePdf size={16} aria-hidden />}
                          loading={opening === invoice.id}
                          onClick={() => void open(invoice.id)}
                          aria-label={t('websiteForms.invoices.open', { number: invoice.number })}
                        >
                          {t('websiteForms.invoices.pdf')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
