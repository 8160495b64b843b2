import { Table, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface ReportColumn<T> {
  key: string;
  title: string;
  numeric?: boolean;
  /** a secondary column: shown from the `sm` breakpoint up, so a phone keeps the essentials */
  secondary?: boolean;
  render: (row: T) => ReactNode;
}

/**
 * A plain table of report numbers: the text alternative of a chart, and the list of a section.
 * Number columns sit at the end side with tabular figures; it scrolls inside its box on a phone.
 */
export function ReportTable<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: ReportColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}) {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`) ?? false;
  const shown = wide ? columns : columns.filter((column) => !column.secondary);
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table aria-label={label} striped highlightOnHover verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th
                key={column.key}
                ta={column.numeric ? 'end' : undefined}
                // long titles ("Cuts since the last grinding") wrap, so the numbers set the width
                style={{ verticalAlign: 'bottom', minWidth: column.numeric ? '5rem' : undefined }}
              >
                {column.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {shown.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.numeric ? 'end' : undefined}
                  data-tabular={column.numeric ? true : undefined}
                  style={
                    column.numeric ? { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } : undefined
                  }
                >
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
