import type { MachineModel } from '@kerf/contracts';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface MachineLine {
  manufacturer: string;
  model: string;
  count: number;
}

/** Step 2: the machine list (manufacturer, model, count), from the website's model catalogue. */
export function MachineListField({
  value,
  onChange,
  models,
  errors,
}: {
  value: MachineLine[];
  onChange: (lines: MachineLine[]) => void;
  models: MachineModel[];
  errors?: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const manufacturers = [...new Set(models.map((m) => m.manufacturer))];
  const update = (index: number, patch: Partial<MachineLine>) =>
    onChange(value.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  return (
    <Stack gap="sm">
      {value.map((line, index) => {
        const modelOptions = models
          .filter((m) => m.manufacturer === line.manufacturer)
          .map((m) => ({
            value: m.model,
            label: `${m.model} (${t('website.machines.mm', { value: m.cuttingWidth })})`,
          }));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
          <Group key={index} align="flex-start" gap="sm" wrap="wrap" data-testid="machine-line">
            <Select
              label={t('websiteForms.machines.manufacturer')}
              data={manufacturers}
              value={line.manufacturer || null}
              onChange={(next) => update(index, { manufacturer: next ?? '', model: '' })}
              error={errors?.[`machines.${index}.manufacturer`]}
              w={{ base: '100%', xs: 200 }}
              allowDeselect={false}
            />
            <Select
              label={t('websiteForms.machines.model')}
              data={modelOptions}
              value={line.model || null}
              onChange={(next) => update(index, { model: next ?? '' })}
              error={errors?.[`machines.${index}.model`]}
              disabled={!line.manufacturer}
              w={{ base: '100%', xs: 220 }}
              allowDeselect={false}
            />
            <NumberInput
              label={t('websiteForms.machines.count')}
              value={line.count}
              min={1}
              max={50}
              allowDecimal={false}
              onChange={(next) => update(index, { count: typeof next === 'number' ? next : 1 })}
              error={errors?.[`machines.${index}.count`]}
              w={{ base: 'calc(100% - 52px)', xs: 110 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={{ base: 26 }}
              aria-label={t('websiteForms.machines.remove')}
              disabled={value.length <= 1}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onChange([...value, { manufacturer: '', model: '', count: 1 }])}
          disabled={value.length >= 20}
        >
          {t('websiteForms.machines.add')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('websiteForms.machines.total', {
            machines: t('websiteForms.price.machines', {
              count: value.reduce((sum, line) => sum + (line.count || 0), 0),
            }),
          })}
        </Text>
      </Group>
      {errors?.machines && (
        <Text size="sm" c="red">
          {errors.machines}
        </Text>
      )}
    </Stack>
  );
}
