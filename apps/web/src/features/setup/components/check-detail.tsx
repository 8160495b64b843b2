import type { SetupCheckResult } from '@kerf/contracts';
import { Code, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../lib/format';

/** The measured facts of a check (host and port, certificate end, clock difference …). */
export function CheckDetail({ detail }: { detail: SetupCheckResult['detail'] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const facts: { label: string; value: string; code?: boolean }[] = [];
  // what the check compared (issue 32): the value expected and the one found, both always named
  if (detail.expected !== undefined)
    facts.push({
      label: t('setup.detail.expected'),
      value: detail.expected ?? t('setup.detail.notSet'),
      code: detail.expected !== null,
    });
  if (detail.found !== undefined)
    facts.push({
      label: t('setup.detail.found'),
      value: detail.found ?? t('setup.detail.notReported'),
      code: detail.found !== null,
    });
  if (detail.host)
    facts.push({
      label: t('setup.detail.target'),
      value: detail.port ? `${detail.host}:${detail.port}` : detail.host,
      code: true,
    });
  if (detail.address) facts.push({ label: t('setup.detail.address'), value: detail.address, code: true });
  if (detail.transport)
    facts.push({
      label: t('setup.detail.transport'),
      value: t(`setup.detail.transports.${detail.transport}`),
    });
  if (detail.latencyMs !== undefined)
    facts.push({
      label: t('setup.detail.latency'),
      value: t('setup.detail.ms', { value: formatNumber(detail.latencyMs, locale) }),
    });
  if (detail.validTo)
    facts.push({ label: t('setup.detail.validTo'), value: formatDateTime(detail.validTo, locale) });
  if (detail.skewSeconds !== undefined)
    facts.push({
      label: t('setup.detail.skew'),
      value: t('setup.detail.seconds', { value: formatNumber(detail.skewSeconds, locale) }),
    });
  if (detail.lastHeartbeatAt !== undefined)
    facts.push({
      label: t('setup.detail.lastHeartbeat'),
      value: detail.lastHeartbeatAt
        ? formatDateTime(detail.lastHeartbeatAt, locale)
        : t('setup.detail.never'),
    });
  // Wrong secrets someone tried for the key: what they are, not the key's state (issue 31).
  const refused = detail.refusedLogins ?? [];
  if (facts.length === 0 && refused.length === 0) return null;
  return (
    <>
      {refused.map((refusal) => (
        <Text key={refusal.address} size="sm" c="orange.8" data-testid="refused-logins">
          {t('setup.detail.refusedLogins', {
            count: refusal.count,
            address: refusal.address,
            at: formatDateTime(refusal.lastAt, locale),
          })}
        </Text>
      ))}
      <Group gap="md" wrap="wrap">
        {facts.map((fact) => (
          <Text key={fact.label} size="sm">
            <Text span c="dimmed" size="sm">
              {fact.label}:{' '}
            </Text>
            {fact.code ? (
              <Code dir="ltr" translate="no">
                {fact.value}
              </Code>
            ) : (
              fact.value
            )}
          </Text>
        ))}
      </Group>
    </>
  );
}
