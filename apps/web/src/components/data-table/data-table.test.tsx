import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { createI18n } from '../../lib/i18n';
import { DataTable, TABLE_CLASSES, type TableColumn } from './data-table';
import { RowAction, RowActions } from './row-action';
import { useTableState } from './use-table-state';

interface Machine {
  id: string;
  name: string;
  cuts: number | null;
  pseudonym: string;
  network: { ip: string };
}

const MACHINES: Machine[] = [
  { id: '1', name: 'Polar 115', cuts: 12500, pseudonym: 'Alpha', network: { ip: '10.0.0.20' } },
  { id: '2', name: 'Schneider 92', cuts: null, pseudonym: 'Beta', network: { ip: '10.0.0.3' } },
  { id: '3', name: 'Ideal 72', cuts: 900, pseudonym: 'Gamma', network: { ip: '10.0.0.100' } },
];

const COLUMNS: TableColumn<Machine>[] = [
  { accessor: 'name', title: 'Name', sortable: true },
  { accessor: 'cuts', title: 'Cuts', sortable: true },
  { accessor: 'pseudonym', title: 'Pseudonym', priority: 'low' },
  { accessor: 'network.ip', title: 'IP', sortable: true },
  {
    accessor: 'actions',
    title: 'Actions',
    render: (m) => (
      <RowActions>
        <RowAction tooltip="Delete" label={`Delete ${m.name}`} icon="×" onClick={() => {}} danger />
      </RowActions>
    ),
  },
];

function Table() {
  const table = useTableState(MACHINES, 'en', {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (m) => m.name,
  });
  return (
    <DataTable<Machine>
      label="Machines"
      columns={COLUMNS}
      idAccessor="id"
      empty={{ title: 'None' }}
      {...table}
    />
  );
}

async function renderTable() {
  const i18n = await createI18n({ locale: 'en' });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Table />
      </MantineProvider>
    </I18nextProvider>,
  );
  const table = screen.getByRole('table', { name: 'Machines' });
  return Object.assign(table, { unmount: view.unmount });
}

const header = (table: HTMLElement, name: string) =>
  within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });
const firstColumn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

const narrowScreen = window.matchMedia;
afterEach(() => {
  window.matchMedia = narrowScreen;
});

describe('DataTable layout', () => {
  it('pins the row actions to the end and end-aligns number columns', async () => {
    const table = await renderTable();
    expect(header(table, 'Actions')).toHaveClass(TABLE_CLASSES.actions);
    for (const row of within(table).getAllByRole('row').slice(1)) {
      const cells = within(row).getAllByRole('cell');
      expect(cells.at(-1)).toHaveClass(TABLE_CLASSES.actions);
      expect(within(cells.at(-1)!).getByRole('button')).toBeInTheDocument();
    }
    // cuts are all numbers (or empty): end-aligned with tabular figures (data-table.css); names are not
    expect(header(table, 'Cuts')).toHaveClass(TABLE_CLASSES.numeric);
    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(within(row).getAllByRole('cell')[1]).toHaveClass(TABLE_CLASSES.numeric);
    }
    expect(header(table, 'Name')).not.toHaveClass(TABLE_CLASSES.numeric);
    expect(header(table, 'IP')).not.toHaveClass(TABLE_CLASSES.numeric);
    expect(table.closest(`.${TABLE_CLASSES.root}`)).not.toBeNull();
  });

  it('hides low-priority columns first on a narrow screen and shows them on a wide one', async () => {
    // the test setup's matchMedia describes a narrow screen: no min-width query matches
    const narrow = await renderTable();
    expect(within(narrow).queryByRole('columnheader', { name: 'Pseudonym' })).toBeNull();
    expect(header(narrow, 'Name')).toBeInTheDocument();
    expect(header(narrow, 'Actions')).toBeInTheDocument();
    narrow.unmount();

    window.matchMedia = ((query: string) => ({
      ...narrowScreen(query),
      matches: true,
    })) as typeof window.matchMedia;
    const wide = await renderTable();
    expect(await within(wide).findByRole('columnheader', { name: 'Pseudonym' })).toBeInTheDocument();
  });
});

describe('DataTable sorting (useTableState)', () => {
  it('sorts every sortable column, numbers by value and dot paths too, empty values last', async () => {
    const user = userEvent.setup();
    const table = await renderTable();
    expect(firstColumn(table)).toEqual(['Ideal 72', 'Polar 115', 'Schneider 92']);
    expect(header(table, 'Name')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(header(table, 'Cuts'));
    expect(header(table, 'Cuts')).toHaveAttribute('aria-sort', 'ascending');
    expect(firstColumn(table)).toEqual(['Ideal 72', 'Polar 115', 'Schneider 92']);
    await user.click(header(table, 'Cuts'));
    expect(header(table, 'Cuts')).toHaveAttribute('aria-sort', 'descending');
    // the machine without a count stays last either way
    expect(firstColumn(table)).toEqual(['Polar 115', 'Ideal 72', 'Schneider 92']);

    await user.click(header(table, 'IP'));
    // numeric collation: 10.0.0.3 < 10.0.0.20 < 10.0.0.100
    expect(firstColumn(table)).toEqual(['Schneider 92', 'Polar 115', 'Ideal 72']);
  });
});

function LinkedTable() {
  const table = useTableState(MACHINES, 'en', {
    initialSort: { columnAccessor: 'name', direction: 'asc' },
    searchText: (m) => m.name,
  });
  return (
    <DataTable<Machine>
      label="Machines"
      columns={COLUMNS}
      idAccessor="id"
      empty={{ title: 'None' }}
      rowHref={(m) => `/machines/${m.id}`}
      {...table}
    />
  );
}

describe('DataTable rows that open a page', () => {
  it('make the name a real link, and a click elsewhere on the row follows it once', async () => {
    const i18n = await createI18n({ locale: 'en' });
    const router = createMemoryRouter(
      [
        { path: '/', element: <LinkedTable /> },
        { path: '/machines/:id', element: <p>machine page</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>,
    );
    const table = screen.getByRole('table', { name: 'Machines' });
    const link = within(table).getByRole('link', { name: 'Polar 115' });
    expect(link).toHaveAttribute('href', '/machines/1');
    expect(link.closest('tr')).toHaveClass(TABLE_CLASSES.clickableRow);
    // a click on the row's number cell opens the same page, with one history entry
    const row = link.closest('tr')!;
    await userEvent.setup().click(within(row).getByText('12500'));
    expect(await screen.findByText('machine page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/machines/1');
    expect(router.state.historyAction).toBe('PUSH');
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/');
  });
});
