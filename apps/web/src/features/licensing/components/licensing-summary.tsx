import type { LicensingSummarySchema } from '@kerf/contracts';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';

export type Licensing = z.infer<typeof LicensingSummarySchema>;

/** A date without time (YYYY-MM-DD) in the user's locale; read as UTC so it never shifts a day. */
export function PlainDate({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={value}>{formatDate(`${value}T00:00:00Z`, i18n.language, 'UTC')}</time>;
}

/** The day of an instant (an order), in the user's locale and time zone. */
function DayOf({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={value}>{formatDate(value, i18n.language)}</time>;
}

export function Money({ cents, currency }: { cents: number; currency: string }) {
  const { i18n } = useTranslation();
  return (
    <span dir="ltr" translate="no" style={{ unicodeBidi: 'isolate' }}>
      {formatMoney(cents / 100, currency, i18n.language)}
    </span>
  );
}

function Figure({
  label,
  children,
  hint,
  testId,
}: {
  label: string;
  children: ReactNode;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} data-testid={`${testId}-value`}>
        {children}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/**
 * Licensing on the dashboard (product.md §9: a licence per machine and month, billed yearly, renews
 * 1 January). Every licence the shop paid for counts: the machines that have one, those ordered with
 * a machine that awaits its installation (with the order date and invoice), and unused ones.
 */
export function LicensingSummary({ licensing }: { licensing: Licensing }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const ordered = licensing.orderedLicences;
  const firstOrder = ordered[0]?.orderedAt;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        <Figure
          testId="licensed-machines"
          label={t('licensing.licensedMachines')}
          hint={t('licensing.unlicensedHint', { formatted: n(licensing.unlicensedMachines) })}
        >
          {n(licensing.licensedMachines)}
        </Figure>
        <Figure
          testId="awaiting-installation"
          label={t('money.summary.awaiting')}
          hint={
            firstOrder ? (
              <>
                {t('money.summary.orderedSince')} <DayOf value={firstOrder} />
              </>
            ) : (
              t('money.summary.noneAwaiting')
            )
          }
        >
          {n(ordered.length)}
        </Figure>
        <Figure
          testId="unused-licences"
          label={t('licensing.unusedLicences')}
          hint={t('money.summary.licences', { count: licensing.licences, formatted: n(licensing.licences) })}
        >
          {n(licensing.unusedLicences)}
        </Figure>
        <Figure
          testId="annual-cost"
          label={t('licensing.annualCost')}
          hint={
            <>
              {t('licensing.perMachine', {
                price: formatMoney(
                  licensing.monthlyNetCentsPerMachine / 100,
                  licensing.currency,
                  i18n.language,
                ),
              })}
              {' · '}
              {t('money.summary.renews')} <PlainDate value={licensing.renewalDate} />
            </>
          }
        >
          <Money cents={licensing.annualNetCents} currency={licensing.currency} />
        </Figure>
      </SimpleGrid>
      {ordered.length > 0 && (
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('money.summary.orderedTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('money.summary.orderedText')}
            </Text>
            <Table.ScrollContainer minWidth={0}>
              <Table verticalSpacing={6} data-testid="ordered-licences">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('money.summary.machine')}</Table.Th>
                    <Table.Th>{t('money.summary.orderedOn')}</Table.Th>
                    <Table.Th>{t('money.summary.invoice')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ordered.map((licence) => (
                    <Table.Tr key={licence.id}>
                      <Table.Td dir="auto" translate="no">
                        {[licence.manufacturer, licence.model].filter(Boolean).join(' ') || '—'}
                      </Table.Td>
                      <Table.Td>
                        <DayOf value={licence.orderedAt} />
                      </Table.Td>
                      <Table.Td translate="no">{licence.invoiceNumber ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
