import type { MantineBreakpoint } from '@mantine/core';
import { Text } from '@mantine/core';
import { IconCircleCheck, IconCircleOff } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { DateText } from '../format';
import { ToneBadge } from '../status';
import { RowActions } from './row-action';

/**
 * Column builders for the columns every list has: a name, a code (serial number, user name, slug,
 * address), an active/inactive badge, a date and the row actions. Each builder renders the value
 * the same way everywhere (user data `translate="no"`, codes left-to-right in monospace), so a
 * table lists only what is its own.
 */
type Accessor<T> = keyof T & string;
/** What a table may set on a built column. */
type Options<_T> = {
  sortable?: boolean;
  width?: number | string;
  hidden?: boolean;
  priority?: 'high' | 'low';
  visibleFrom?: MantineBreakpoint;
  numeric?: boolean;
};

/** The sign for "no value" in a table cell: a dimmed dash, the same in every table. */
const NO_VALUE = '\u2014';

export function EmptyValue() {
  return (
    <Text span size="sm" c="dimmed">
      {NO_VALUE}
    </Text>
  );
}

/** `value`, or the dash when it is absent (null, undefined or an empty string). */
export function orEmpty(value: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? <EmptyValue /> : value;
}

/** The record's name (user data): bold, in its own direction, never machine-translated. */
export function nameColumn<T>(
  accessor: Accessor<T> | (string & {}),
  title: string,
  value: (record: T) => ReactNode,
  options: Options<T> = {},
): DataTableColumn<T> {
  return {
    accessor,
    title,
    sortable: true,
    render: (record) => (
      <Text size="sm" fw={500} translate="no" dir="auto">
        {value(record)}
      </Text>
    ),
    ...options,
  };
}

/** A code: serial number, user name, slug, IP address — monospace, left to right; a dash when null. */
export function codeColumn<T>(
  accessor: Accessor<T> | (string & {}),
  title: string,
  value: (record: T) => string | null | undefined,
  options: Options<T> = {},
): DataTableColumn<T> {
  return { accessor, title, render: (record) => <CodeText value={value(record)} />, ...options };
}

export function CodeText({
  value,
  breakAnywhere,
}: {
  value: string | null | undefined;
  /** long values without spaces (addresses): they break at any character rather than widen the table */
  breakAnywhere?: boolean;
}) {
  if (!value) return <EmptyValue />;
  return (
    <Text
      span
      size="sm"
      ff="monospace"
      translate="no"
      dir="ltr"
      style={breakAnywhere ? { overflowWrap: 'anywhere' } : undefined}
    >
      {value}
    </Text>
  );
}

/** Plain user data (location, pseudonym, personnel number): never machine-translated. */
export function textColumn<T>(
  accessor: Accessor<T> | (string & {}),
  title: string,
  value: (record: T) => string | null | undefined,
  options: Options<T> = {},
): DataTableColumn<T> {
  return {
    accessor,
    title,
    render: (record) => {
      const text = value(record);
      return text ? (
        <span translate="no" dir="auto">
          {text}
        </span>
      ) : (
        <EmptyValue />
      );
    },
    ...options,
  };
}

/** Active / inactive as a badge with icon (colour is never the only signal). */
export function activeColumn<T>(
  accessor: Accessor<T> | (string & {}),
  title: string,
  value: (record: T) => boolean,
  labels: { active: string; inactive: string },
  options: Options<T> = {},
): DataTableColumn<T> {
  return {
    accessor,
    title,
    render: (record) => {
      const active = value(record);
      return (
        <ToneBadge color={active ? 'green.8' : 'gray.7'} icon={active ? IconCircleCheck : IconCircleOff}>
          {active ? labels.active : labels.inactive}
        </ToneBadge>
      );
    },
    ...options,
  };
}

/** A date (or date and time) in the user's locale and the browser's zone; `empty` when there is none. */
export function dateColumn<T>(
  accessor: Accessor<T> | (string & {}),
  title: string,
  value: (record: T) => Date | string | number | null | undefined,
  options: Options<T> & { withTime?: boolean; empty?: (record: T) => ReactNode } = {},
): DataTableColumn<T> {
  const { withTime, empty, ...rest } = options;
  return {
    accessor,
    title,
    sortable: true,
    render: (record) => {
      const date = value(record);
      return date === null || date === undefined ? (
        (empty?.(record) ?? <EmptyValue />)
      ) : (
        <DateText value={date} withTime={withTime} />
      );
    },
    ...rest,
  };
}

/**
 * The row actions at the end of the row (`RowAction` buttons), in a column of their own with a visible
 * title: they never sit over the row's data.
 */
export function actionsColumn<T>(title: string, actions: (record: T) => ReactNode): DataTableColumn<T> {
  return {
    accessor: 'actions',
    title,
    render: (record) => <RowActions>{actions(record)}</RowActions>,
  };
}
