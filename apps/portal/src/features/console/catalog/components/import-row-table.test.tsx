import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportRowOutcome } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../../testing/render-with-i18n.tsx';
import { ImportRowTable } from './import-row-table.tsx';

/** The import preview's rows on the portal's one table: named scroll region, sorting, cards, refusals marked. */
const ROWS = [
  { row: 2, kind: 'standard', key: 'ISO 18381', outcome: 'new' },
  {
    row: 3,
    kind: 'standard',
    key: 'ISO 6123-2',
    outcome: 'error',
    errors: [{ field: 'publishedOn', reason: 'is not a date' }],
  },
  {
    row: 4,
    kind: 'standard',
    key: 'ISO 1000',
    outcome: 'changed',
    changes: [{ field: 'title', from: 'Old', to: 'New' }],
  },
] as ImportRowOutcome[];

const keys = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((h) => h.textContent);

describe('the import preview’s rows', () => {
  it('sit in a named scroll region keyboard users can reach, each row named by its key', async () => {
    renderWithI18n(<ImportRowTable rows={ROWS} />);
    const region = await screen.findByRole('region', { name: 'What the import does to each row' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: 'What the import does to each row' });
    expect(keys(table)).toEqual(['ISO 18381', 'ISO 6123-2', 'ISO 1000']);
    // Each cell names its column, for the card a phone shows per row.
    const refused = within(table).getAllByRole('row')[2]!;
    expect(
      within(refused)
        .getAllByRole('cell')
        .map((c) => c.getAttribute('data-label')),
    ).toEqual(['Line', 'Kind', 'Outcome', 'Details']);
    expect(refused).toHaveClass('table-danger');
    expect(refused).toHaveTextContent('publishedOn: is not a date');
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('title: Old → New');
  });

  it('sorts by outcome and by line, saying so on the header', async () => {
    const user = userEvent.setup();
    renderWithI18n(<ImportRowTable rows={ROWS} />);
    const table = await screen.findByRole('table', { name: 'What the import does to each row' });
    const outcome = within(table).getByRole('columnheader', { name: /Outcome/ });
    await user.click(within(outcome).getByRole('button'));
    expect(outcome).toHaveAttribute('aria-sort', 'ascending');
    // Changed, Errors, New: by the words shown.
    expect(keys(table)).toEqual(['ISO 1000', 'ISO 6123-2', 'ISO 18381']);
    const line = within(table).getByRole('columnheader', { name: /Line/ });
    // A figure's column sorts the largest first, as TanStack does for numbers.
    await user.click(within(line).getByRole('button'));
    expect(line).toHaveAttribute('aria-sort', 'descending');
    expect(keys(table)).toEqual(['ISO 1000', 'ISO 6123-2', 'ISO 18381']);
  });

  it('shows the file of each row in a batch of files', async () => {
    renderWithI18n(<ImportRowTable rows={ROWS.map((r, i) => ({ ...r, file: `part-${i}.xml` }))} />);
    const table = await screen.findByRole('table', { name: 'What the import does to each row' });
    expect(within(table).getByRole('columnheader', { name: /File/ })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('part-0.xml');
  });
});
