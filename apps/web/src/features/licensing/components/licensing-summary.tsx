import type { LicensingSummarySchema } from '@kerf/contracts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';

type Licensing = z.infer<typeof LicensingSummarySchema>;

/** A date without time (YYYY-MM-DD) in the user's locale; read as UTC so it never shifts a day. */
export function PlainDate({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={value}>{formatDate(`${value}T00:00:00Z`, i18n.language, 'UTC')}</time>;
}

export function Money({ cents, currency }: { cents: number; currency: string }) {
  const { i18n } = useTranslation();
  return (
    <span dir="ltr" translate="no" style={{ unicodeBidi: 'isolate' }}>
      {formatMoney(cents / 100, currency, i18n.language)}
    </span>
  );
}

function Figure({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={{ base: 'lg', sm: 'xl' }} fw={700}>
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

/** Licensing on the dashboard (spec §9: 25.00 EUR net per machine and month, billed yearly, renews 1 January). */
export function LicensingSummary({ licensing }: { licensing: Licensing }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      <Figure
        label={t('licensing.licensedMachines')}
        hint={t('licensing.unlicensedHint', { formatted: n(licensing.unlicensedMachines) })}
      >
        {n(licensing.licensedMachines)}
      </Figure>
      <Figure label={t('licensing.unusedLicences')}>{n(licensing.unusedLicences)}</Figure>
      <Figure label={t('licensing.renewalDate')}>
        <PlainDate value={licensing.renewalDate} />
      </Figure>
      <Figure
        label={t('licensing.annualCost')}
        hint={t('licensing.perMachine', {
          price: formatMoney(licensing.monthlyNetCentsPerMachine / 100, licensing.currency, i18n.language),
        })}
      >
        <Money cents={licensing.annualNetCents} currency={licensing.currency} />
      </Figure>
    </SimpleGrid>
  );
}
