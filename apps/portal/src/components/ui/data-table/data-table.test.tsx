import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../../testing/render-with-i18n.tsx';
import { type DataColumn, DataTable, type ServerTableState } from './data-table.tsx';

type Standard = { code: string; title: string; year: number };

const ROWS: Standard[] = [
  { code: 'B-2', title: 'Pipes', year: 2019 },
  { code: 'A-1', title: 'Valves', year: 2021 },
  { code: 'C-3', title: 'Meters', year: 2020 },
];

const onEdit = vi.fn();
const COLUMNS: DataColumn<Standard>[] = [
  { id: 'code', accessorKey: 'code', meta: { label: 'Designation', dir: 'ltr' } },
  { id: 'title', accessorKey: 'title', meta: { label: 'Title', dir: 'auto' } },
  { id: 'year', accessorKey: 'year', meta: { label: 'Year', hiddenByDefault: true } },
  {
    id: 'actions',
    enableSorting: false,
    enableHiding: false,
    meta: { label: 'Actions', actions: true },
    cell: ({ row }) => (
      <button type="button" onClick={() => onEdit(row.original.code)}>
        Edit {row.original.code}
      </button>
    ),
  },
];

const ready = { isLoading: false };
const firstCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

function renderClient() {
  return renderWithI18n(
    <DataTable
      caption="Standards"
      columns={COLUMNS}
      rows={ROWS}
      rowId={(r) => r.code}
      status={ready}
      empty="No standards."
      filterLabel="Filter standards"
    />,
  );
}

describe('DataTable in client mode', () => {
  it('puts the table in a named scroll region keyboard users can reach, each cell named for the card layout', async () => {
    renderClient();
    const region = await screen.findByRole('region', { name: 'Standards' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: 'Standards' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Designation', 'Title', null]);
    expect(cells[0]).toHaveAttribute('dir', 'ltr');
    // The actions stay a cell of the row (visible in the card too), with no label of their own.
    expect(within(cells[2]!).getByRole('button', { name: 'Edit B-2' })).toBeVisible();
  });

  it('sorts by a column ascending, then descending, and says so on the header', async () => {
    const user = userEvent.setup();
    renderClient();
    const table = await screen.findByRole('table', { name: 'Standards' });
    expect(firstCells(table)).toEqual(['B-2', 'A-1', 'C-3']);
    const header = within(table).getByRole('columnheader', { name: /Designation/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    expect(firstCells(table)).toEqual(['A-1', 'B-2', 'C-3']);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    expect(firstCells(table)).toEqual(['C-3', 'B-2', 'A-1']);
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('filters the rows by the text typed, and says when none match', async () => {
    const user = userEvent.setup();
    renderClient();
    const box = await screen.findByRole('searchbox', { name: 'Filter standards' });
    await user.type(box, 'valv');
    expect(firstCells(screen.getByRole('table'))).toEqual(['A-1']);
    await user.clear(box);
    await user.type(box, 'nothing like it');
    expect(screen.getByText('No standards.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows and hides columns from a keyboard-operable menu; Escape closes it onto its button', async () => {
    const user = userEvent.setup();
    renderClient();
    const table = await screen.findByRole('table', { name: 'Standards' });
    expect(within(table).queryByRole('columnheader', { name: /Year/ })).not.toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: 'Columns' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    menuButton.focus();
    await user.keyboard('{Enter}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('group', { name: 'Columns shown' });
    // The actions column is never offered for hiding.
    expect(
      within(menu)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Designation', 'Title', 'Year']);
    await user.click(within(menu).getByRole('checkbox', { name: 'Year' }));
    await user.click(within(menu).getByRole('checkbox', { name: 'Title' }));
    expect(within(table).getByRole('columnheader', { name: /Year/ })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /Title/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });

  it('keeps the last shown column: its box cannot be unticked', async () => {
    const user = userEvent.setup();
    renderClient();
    await user.click(await screen.findByRole('button', { name: 'Columns' }));
    const menu = screen.getByRole('group', { name: 'Columns shown' });
    await user.click(within(menu).getByRole('checkbox', { name: 'Title' }));
    expect(within(menu).getByRole('checkbox', { name: 'Designation' })).toBeDisabled();
  });
});

describe('DataTable states', () => {
  const states = (status: Parameters<typeof DataTable<Standard>>[0]['status'], rows = ROWS) =>
    renderWithI18n(
      <DataTable
        caption="Standards"
        columns={COLUMNS}
        rows={rows}
        rowId={(r) => r.code}
        status={status}
        empty="None yet."
      />,
    );

  it('says it is loading, then shows no table', async () => {
    states({ isLoading: true });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with a retry that asks again', async () => {
    const onRetry = vi.fn();
    const user = userEvent.setup();
    states({ isLoading: false, error: { status: 'FETCH_ERROR', error: 'offline' }, onRetry });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says the empty sentence when there are no rows, with no columns menu for a table not there', async () => {
    states(ready, []);
    expect(await screen.findByText('None yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
  });

  it('keeps the rows while fetching again, marked busy with a status', async () => {
    states({ isLoading: false, isFetching: true });
    const region = await screen.findByRole('region', { name: 'Standards' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(within(region).getByRole('status')).toHaveTextContent('Loading…');
  });
});

/** A server of 120 rows: the page the state asks for, sorted and filtered as asked (what the route does). */
function ServerTable({ asked, submit }: { asked: ServerTableState[]; submit?: string }) {
  const all = Array.from({ length: 120 }, (_, i) => ({
    code: `S-${String(i).padStart(3, '0')}`,
    title: i % 2 ? 'Odd' : 'Even',
    year: 2000 + (i % 20),
  }));
  const [state, setState] = useState<ServerTableState>({
    pagination: { pageIndex: 0, pageSize: 25 },
    sorting: [],
    filter: '',
  });
  asked.push(state);
  const sort = state.sorting[0];
  const matching = all
    .filter((r) => r.title.includes(state.filter))
    .sort((a, b) => (sort?.desc ? -1 : 1) * (sort ? a.code.localeCompare(b.code) : 0));
  const { pageIndex, pageSize } = state.pagination;
  return (
    <DataTable
      caption="Standards"
      columns={COLUMNS}
      rows={matching.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize)}
      rowId={(r) => r.code}
      status={ready}
      empty="No standards."
      filterLabel="Filter standards"
      filterSubmitLabel={submit}
      server={{ state, onStateChange: setState, rowCount: matching.length }}
    />
  );
}

describe('DataTable in server mode', () => {
  it('asks for the next page, a sort (back to page 1) and a page size, and shows where it is', async () => {
    const asked: ServerTableState[] = [];
    const user = userEvent.setup();
    renderWithI18n(<ServerTable asked={asked} />);
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 5 · rows 1–25 of 120');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(pages).toHaveTextContent('Page 2 of 5 · rows 26–50 of 120');
    expect(firstCells(screen.getByRole('table'))[0]).toBe('S-025');
    const header = screen.getByRole('columnheader', { name: /Designation/ });
    await user.click(within(header).getByRole('button'));
    await user.click(within(header).getByRole('button'));
    expect(asked.at(-1)).toMatchObject({
      sorting: [{ id: 'code', desc: true }],
      pagination: { pageIndex: 0 },
    });
    expect(firstCells(screen.getByRole('table'))[0]).toBe('S-119');
    await user.selectOptions(within(pages).getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(pages).toHaveTextContent('Page 1 of 2 · rows 1–100 of 120');
  });

  it('goes to the last and the first page from the keyboard, the focus staying on the button pressed', async () => {
    const asked: ServerTableState[] = [];
    const user = userEvent.setup();
    renderWithI18n(<ServerTable asked={asked} />);
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    const first = within(pages).getByRole('button', { name: 'First' });
    const last = within(pages).getByRole('button', { name: 'Last' });
    expect(first).toHaveAttribute('aria-disabled', 'true');
    last.focus();
    await user.keyboard('{Enter}');
    expect(pages).toHaveTextContent('Page 5 of 5 · rows 101–120 of 120');
    expect(asked.at(-1)?.pagination.pageIndex).toBe(4);
    // At the last page "Last" and "Next" say they are unavailable, yet the focus is not lost to the page.
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('aria-disabled', 'true');
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(asked.at(-1)?.pagination.pageIndex).toBe(4);
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(first).toHaveFocus();
    await user.keyboard(' ');
    expect(pages).toHaveTextContent('Page 1 of 5 · rows 1–25 of 120');
  });

  it('hands the filter over once typing pauses, from page 1', async () => {
    const asked: ServerTableState[] = [];
    const user = userEvent.setup();
    renderWithI18n(<ServerTable asked={asked} />);
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter standards' }), 'Odd');
    // Not one request per key: the filter arrives whole.
    await waitFor(() => expect(asked.at(-1)?.filter).toBe('Odd'));
    expect(asked.some((s) => s.filter === 'O' || s.filter === 'Od')).toBe(false);
    expect(asked.at(-1)?.pagination.pageIndex).toBe(0);
    expect(pages).toHaveTextContent('rows 1–25 of 60');
  });

  it('applies the filter at once on Enter or its Search button, without waiting for the pause', async () => {
    const asked: ServerTableState[] = [];
    const user = userEvent.setup();
    renderWithI18n(<ServerTable asked={asked} submit="Search" />);
    const box = await screen.findByRole('searchbox', { name: 'Filter standards' });
    await user.type(box, 'Even{Enter}');
    expect(asked.at(-1)?.filter).toBe('Even');
    await user.clear(box);
    await user.type(box, 'Odd');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(asked.at(-1)?.filter).toBe('Odd');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('rows 1–25 of 60');
  });
});
