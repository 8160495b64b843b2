import {
  type ConfigOptionsSchema,
  KNIFE_SWAP_INTERVAL_MAX,
  KNIFE_SWAP_INTERVAL_MIN,
  KnifeSwapIntervalSchema,
} from '@kerf/contracts';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '../../../components/errors';
import { notifyError, notifySaved } from '../../../components/feedback';
import { NumberInput, schemaErrors } from '../../../components/form';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { type OptionScope, useSetKnifeInterval } from '../api/set-knife-interval';

type Options = z.infer<typeof ConfigOptionsSchema>;

/** Knife swap interval as a config option: own value, or inherited (machine → location → default). */
export function KnifeIntervalEditor({
  scope,
  id,
  options,
  error,
}: {
  scope: OptionScope;
  id: string;
  options: Options | undefined;
  error: unknown;
}) {
  const { t, i18n } = useTranslation();
  const option = options?.KNIFE_SWAP_INTERVAL;
  const [value, setValue] = useState<number | ''>('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const save = useSetKnifeInterval(scope, id);
  useEffect(() => setValue(option?.value ?? ''), [option?.value]);

  const submit = async (next: number | null) => {
    if (next !== null) {
      const message = schemaErrors(KnifeSwapIntervalSchema, next, t)[''];
      setFieldError(message);
      if (message) return;
    }
    try {
      await save.mutateAsync(next);
      notifySaved(t);
    } catch (err) {
      notifyError(err, t, i18n);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('knifeInterval.label')}
        </Title>
        {error ? (
          <ErrorAlert error={error} />
        ) : !option ? (
          <Skeleton height={60} />
        ) : (
          <>
            <Text size="sm">
              {t('knifeInterval.effective', {
                value: formatNumber(option.effective, i18n.language),
                source: translateKey(t, `knifeInterval.sources.${option.source}`),
              })}
            </Text>
            <Group align="flex-end" gap="xs">
              <NumberInput
                label={t('knifeInterval.own')}
                description={t('knifeInterval.cuts')}
                min={KNIFE_SWAP_INTERVAL_MIN}
                max={KNIFE_SWAP_INTERVAL_MAX}
                step={100}
                allowDecimal={false}
                thousandSeparator
                w={200}
                value={value}
                error={fieldError}
                onChange={(next) => setValue(typeof next === 'number' ? next : '')}
              />
              <Button
                loading={save.isPending}
                disabled={value === ''}
                onClick={() => void submit(value === '' ? null : value)}
              >
                {t('actions.save')}
              </Button>
              {option.value !== null && (
                <Button variant="default" onClick={() => void submit(null)}>
                  {t('knifeInterval.inherit')}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
