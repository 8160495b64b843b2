import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One icon button in a table row: a short tooltip for sighted users and an accessible name that
 * says which row it acts on ("Delete 'Werk Nord'").
 */
export function RowAction(props: {
  tooltip: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <Tooltip label={props.tooltip}>
      <ActionIcon
        variant="subtle"
        color={props.danger ? 'red.8' : undefined}
        aria-label={props.label}
        disabled={props.disabled}
        onClick={props.onClick}
      >
        {props.icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** The actions column's cell: row actions at the end of the row. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
    </Group>
  );
}
