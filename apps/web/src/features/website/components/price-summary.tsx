import type { Price } from '@kerf/contracts';
import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';

export function MoneyText({ cents, currency }: { cents: number; currency: string }) {
  const { i18n } = useTranslation();
  return (
    <span dir="ltr" translate="no" style={{ unicodeBidi: 'isolate', fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(cents / 100, currency, i18n.language)}
    </span>
  );
}

/** product.md §3 "Payment view": net amount, VAT, total, annual licence per machine, installation price. */
export function PriceSummary({ price }: { price: Price }) {
  const { t, i18n } = useTranslation();
  const c = price.currency;
  const rate = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
    price.vatRateBasisPoints / 100,
  );
  return (
    <Stack gap="sm" data-testid="price-summary">
      <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
        <Table.Tbody>
          {price.lines.map((line) => (
            <Table.Tr key={line.kind}>
              <Table.Td>
                <Text size="sm">
                  {line.kind === 'LICENCE'
                    ? t('websiteForms.price.licenceLine', {
                        machines: t('websiteForms.price.machines', { count: line.quantity }),
                        months: t('websiteForms.price.months', { count: line.months ?? 12 }),
                      })
                    : t('websiteForms.price.installationLine', {
                        machines: t('websiteForms.price.machines', { count: line.quantity }),
                      })}
                </Text>
              </Table.Td>
              <Table.Td ta="end">
                <MoneyText cents={line.netCents} currency={c} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Divider />
      <Group justify="space-between">
        <Text>{t('websiteForms.price.net')}</Text>
        <MoneyText cents={price.netCents} currency={c} />
      </Group>
      <Group justify="space-between">
        <Text>
          {price.reverseCharge
            ? t('websiteForms.price.reverseCharge')
            : t('websiteForms.price.vat', { rate })}
        </Text>
        <MoneyText cents={price.vatCents} currency={c} />
      </Group>
      <Group justify="space-between">
        <Text fw={700}>{t('websiteForms.price.total')}</Text>
        <Text fw={700} data-testid="price-total">
          <MoneyText cents={price.totalCents} currency={c} />
        </Text>
      </Group>
      <Divider />
      <Text size="sm" c="dimmed">
        {t('websiteForms.price.perMachine', {
          licence: formatMoney(price.annualLicencePerMachineNetCents / 100, c, i18n.language),
          installation: formatMoney(price.installationPerMachineNetCents / 100, c, i18n.language),
        })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('websiteForms.price.terms', {
          days: price.paymentTermDays,
          renewal: formatDate(`${price.renewalDate}T00:00:00Z`, i18n.language, 'UTC'),
        })}
      </Text>
    </Stack>
  );
}
