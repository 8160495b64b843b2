import { Group, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import clsx from 'clsx';
import classes from './charts.module.css';
import { chartColor } from './colors';

export interface LegendItem {
  key: string;
  label: string;
  color: string;
  icon?: Icon;
  dashed?: boolean;
}

/** What each colour means, with the status icon beside it: colour is never the only signal. */
export function ChartLegend({ items }: { items: LegendItem[] }) {
  return (
    <Group gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map(({ key, label, color, icon: IconComponent, dashed }) => (
        <Group key={key} gap={6} wrap="nowrap" component="li">
          <span
            className={clsx(classes.swatch, dashed && classes.dashed)}
            style={{ backgroundColor: chartColor(color) }}
            aria-hidden
          />
          {IconComponent && <IconComponent size={14} color={chartColor(color)} aria-hidden />}
          <Text size="xs">{label}</Text>
        </Group>
      ))}
    </Group>
  );
}
