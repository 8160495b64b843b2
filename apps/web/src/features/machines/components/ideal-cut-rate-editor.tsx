import { IdealCutRateRequestSchema, MAX_IDEAL_CUTS_PER_HOUR } from '@kerf/contracts';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { notifyError, notifySaved } from '../../../components/feedback';
import { applyServerFieldErrors, NumberInput, schemaErrors } from '../../../components/form';
import { isApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useIdealCutRate, useSetIdealCutRate } from '../api/ideal-cut-rate';

/**
 * The machine's ideal cut rate (issue 36: OEE's performance is measured against it): cuts per hour,
 * or empty for the automatic one, the best hour of the last 30 days, which is shown beside it. The
 * bounds are the contract's, checked before sending; a refusal goes under the field.
 */
export function IdealCutRateEditor({ machineId, canEdit }: { machineId: string; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const rate = useIdealCutRate(machineId);
  const save = useSetIdealCutRate(machineId);
  const [value, setValue] = useState<number | ''>('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const titleId = useId();
  const configured = rate.data?.configuredCutsPerHour ?? null;
  useEffect(() => setValue(configured ?? ''), [configured]);
  // a role that may set the rate but not read reports still edits it; the answer then shows the rate in use
  const unreadable = isApiError(rate.error) && rate.error.status === 403;

  const submit = async (next: number | null) => {
    const message = schemaErrors(IdealCutRateRequestSchema, { cutsPerHour: next }, t).cutsPerHour;
    setFieldError(message);
    if (message) return;
    try {
      await save.mutateAsync(next);
      notifySaved(t);
    } catch (err) {
      // the one field of the request: a refusal about it goes under the field, anything else into a toast
      const form: Parameters<typeof applyServerFieldErrors>[0] = {
        getValues: () => ({ cutsPerHour: next }),
        setFieldError: (_field, text) => setFieldError(String(text)),
      };
      if (!applyServerFieldErrors(form, err, t)) notifyError(err, t, i18n);
    }
  };

  const inUse = rate.data
    ? rate.data.cutsPerHour === null
      ? t('machines.idealRate.none')
      : t('machines.idealRate.inUse', {
          rate: formatNumber(rate.data.cutsPerHour, i18n.language),
          source: translateKey(t, `oee.sources.${rate.data.source}`),
        })
    : null;

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h4" id={titleId}>
          {t('machines.idealRate.label')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('machines.idealRate.hint')}
        </Text>
        {rate.error && !unreadable ? (
          <ErrorAlert error={rate.error} />
        ) : rate.isPending && !unreadable ? (
          <Skeleton height={60} />
        ) : (
          <>
            {inUse && (
              <Text size="sm" data-testid="ideal-rate-in-use">
                {inUse}
              </Text>
            )}
            {canEdit && (
              <Group align="flex-end" gap="xs">
                <NumberInput
                  label={t('machines.idealRate.field')}
                  description={t('machines.idealRate.bounds', {
                    max: formatNumber(MAX_IDEAL_CUTS_PER_HOUR, i18n.language),
                  })}
                  placeholder={t('machines.idealRate.automatic')}
                  min={1}
                  max={MAX_IDEAL_CUTS_PER_HOUR}
                  // out of bounds says so under the field instead of changing the number silently
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator
                  w={240}
                  value={value}
                  error={fieldError}
                  onChange={(next) => {
                    setValue(typeof next === 'number' ? next : '');
                    setFieldError(undefined);
                  }}
                />
                <Button
                  loading={save.isPending}
                  // nothing to save while the field shows what is configured (empty: automatic)
                  disabled={value === (configured ?? '')}
                  onClick={() => void submit(value === '' ? null : value)}
                >
                  {t('actions.save')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
