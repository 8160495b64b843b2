import { CONFIG_OPTION_RULES, type ConfigOptionsSchema, type ConfigOptionType } from '@kerf/contracts';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '../../../components/errors';
import { notifyError, notifySaved } from '../../../components/feedback';
import { NumberInput, schemaErrors } from '../../../components/form';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { type OptionScope, useSetConfigOption } from '../api/config-options';

type Options = z.infer<typeof ConfigOptionsSchema>;

/** Minutes as the locale writes them, with its plural: "5 minutes", "5 Minuten", "5 دقائق". */
function formatMinutes(value: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(
    value,
  );
}

const LOOK = {
  KNIFE_SWAP_INTERVAL: { texts: 'knifeInterval', unit: 'knifeInterval.cuts', step: 100 },
  NO_CUTS_PROMPT_DELAY: { texts: 'noCutsPrompt', unit: 'noCutsPrompt.unit', step: 1 },
} as const satisfies Record<ConfigOptionType, { texts: string; unit: string; step: number }>;

/**
 * A config option: its own value, or what it inherits (knife → machine → location → default), with
 * the type's bounds checked before sending (the same rule the server applies).
 */
export function ConfigOptionEditor({
  type,
  scope,
  id,
  options,
  error,
}: {
  type: ConfigOptionType;
  scope: OptionScope;
  id: string;
  options: Options | undefined;
  error: unknown;
}) {
  const { t, i18n } = useTranslation();
  const option = options?.[type];
  const rule = CONFIG_OPTION_RULES[type];
  const { texts, unit, step } = LOOK[type];
  const [value, setValue] = useState<number | ''>('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const save = useSetConfigOption(scope, type, id);
  const titleId = useId();
  useEffect(() => setValue(option?.value ?? ''), [option?.value]);

  const submit = async (next: number | null) => {
    if (next !== null) {
      const message = schemaErrors(rule.schema, next, t)[''];
      setFieldError(message);
      if (message) return;
    }
    try {
      await save.mutateAsync(next);
      setFieldError(undefined);
      notifySaved(t);
    } catch (err) {
      notifyError(err, t, i18n);
    }
  };
  const shown = (n: number) =>
    type === 'NO_CUTS_PROMPT_DELAY' ? formatMinutes(n, i18n.language) : formatNumber(n, i18n.language);

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h4" id={titleId}>
          {t(`${texts}.label`)}
        </Title>
        {type === 'NO_CUTS_PROMPT_DELAY' && (
          <Text size="sm" c="dimmed">
            {t('noCutsPrompt.hint')}
          </Text>
        )}
        {error ? (
          <ErrorAlert error={error} />
        ) : !option ? (
          <Skeleton height={60} />
        ) : (
          <>
            <Text size="sm" data-testid={`config-option-${type}-effective`}>
              {t(`${texts}.effective`, {
                value: shown(option.effective),
                source: translateKey(t, `knifeInterval.sources.${option.source}`),
              })}
            </Text>
            <Group align="flex-end" gap="xs">
              <NumberInput
                label={t('knifeInterval.own')}
                description={t(unit, {
                  min: formatNumber(rule.min, i18n.language),
                  max: formatNumber(rule.max, i18n.language),
                })}
                min={rule.min}
                max={rule.max}
                // out of bounds says so under the field instead of changing the number silently
                clampBehavior="none"
                step={step}
                allowDecimal={false}
                thousandSeparator
                w={220}
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

/** Knife swap interval as a config option: own value, or inherited (machine → location → default). */
export function KnifeIntervalEditor(props: Omit<Parameters<typeof ConfigOptionEditor>[0], 'type'>) {
  return <ConfigOptionEditor type="KNIFE_SWAP_INTERVAL" {...props} />;
}

/** Minutes a running machine may go without a cut before its terminal asks why (location or machine). */
export function NoCutsPromptEditor(
  props: Omit<Parameters<typeof ConfigOptionEditor>[0], 'type' | 'scope'> & {
    scope: 'PRINTING_SHOP' | 'MACHINE';
  },
) {
  return <ConfigOptionEditor type="NO_CUTS_PROMPT_DELAY" {...props} />;
}
