import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ReportColumn<T> {
  key: string;
  title: string;
  numeric?: boolean;
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
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table aria-label={label} striped highlightOnHover verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                ta={column.numeric ? 'end' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {column.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
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
