import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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

/**
 * A row action that goes to a page (a real link: one history entry, middle-click opens a tab), with
 * the same tooltip and accessible name as `RowAction`.
 */
export function RowLinkAction(props: { tooltip: string; label: string; icon: ReactNode; to: string }) {
  return (
    <Tooltip label={props.tooltip}>
      <ActionIcon component={Link} to={props.to} variant="subtle" aria-label={props.label}>
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

/** "Edit" on a row, named after the row's thing ("Edit 'Werk Nord'"). */
export function EditRowAction(props: { name: string; onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <RowAction
      tooltip={t('actions.edit')}
      label={t('actions.editNamed', { name: props.name })}
      icon={<IconPencil size={18} aria-hidden />}
      onClick={props.onClick}
      disabled={props.disabled}
    />
  );
}

/** "Delete" on a row, named after the row's thing; the caller confirms before deleting. */
export function DeleteRowAction(props: { name: string; onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <RowAction
      tooltip={t('actions.delete')}
      label={t('actions.deleteNamed', { name: props.name })}
      icon={<IconTrash size={18} aria-hidden />}
      onClick={props.onClick}
      disabled={props.disabled}
      danger
    />
  );
}
