import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIST_IO_PATHS, type ListImportReport } from '@trackwell/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withModalDialogs } from '../../../../testing/modal-dialog.ts';
import { buildRow, fakeTrackerServer } from '../../testing/fake-tracker-server.ts';
import { renderTrackerPage } from '../../testing/render-tracker-page.tsx';

withModalDialogs();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const standard = (assetId: string, designation: string) => ({
  assetId,
  designation,
  title: `Title of ${designation}`,
  edition: '2022',
  status: 'active',
});
const REPORT: ListImportReport = {
  format: 'csv',
  columns: ['Title', 'Standard no.'],
  column: 1,
  totals: { rows: 5, matched: 2, ambiguous: 1, notFound: 1, alreadyTracked: 1, empty: 0, duplicates: 0 },
  rows: [
    { row: 2, value: 'ASTM D638-14', outcome: 'matched', standard: standard('d638-14', 'D638-14') },
    { row: 3, value: 'ISO 9001', outcome: 'matched', standard: standard('iso-9001', 'ISO 9001:2015') },
    {
      row: 4,
      value: 'D790',
      outcome: 'ambiguous',
      candidates: [standard('d790-17', 'D790-17'), standard('d790-23', 'D790-23')],
    },
    { row: 5, value: 'X999', outcome: 'not_found' },
    { row: 6, value: 'S1-24', outcome: 'already_tracked', standard: standard('s1', 'S1-24') },
  ],
};
const csvFile = () => new File(['Title,Standard no.\r\nx,D638\r\n'], 'my list.csv', { type: 'text/csv' });

describe('import a list', { timeout: 20_000 }, () => {
  it('shows the report before tracking, lets the user choose the ambiguous one, then tracks in one call', async () => {
    const server = fakeTrackerServer({ rows: [buildRow(1)], importReport: REPORT });
    const user = userEvent.setup();
    renderTrackerPage();
    await user.click(await screen.findByRole('button', { name: 'Import list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a list of standards' });
    await user.upload(within(dialog).getByLabelText('Spreadsheet file'), csvFile());
    expect(await within(dialog).findByText('Matched: 2')).toBeInTheDocument();
    expect(within(dialog).getByText('To choose: 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Not found: 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Already tracked: 1')).toBeInTheDocument();
    expect(server.callsTo(LIST_IO_PATHS.importPreview)[0]!.headers.get('content-type')).toBe('text/csv');
    expect(server.callsTo(LIST_IO_PATHS.importTrack)).toHaveLength(0);
    expect(within(dialog).getByRole('combobox', { name: 'Column with the designations' })).toHaveValue('1');

    const choice = within(dialog).getByRole('group', { name: /Row 4: “D790”/ });
    expect(within(choice).getByRole('radio', { name: 'None of these (skip)' })).toBeChecked();
    await user.click(within(choice).getByRole('radio', { name: /D790-23/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Track standards (3)' }));
    expect(await screen.findByText('Standards now tracked: 3')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo(LIST_IO_PATHS.importTrack).map((c) => c.body)).toEqual([
      { assetIds: ['d638-14', 'iso-9001', 'd790-23'] },
    ]);
  });

  it('reads another column when the user picks it, and says when it has nothing', async () => {
    const server = fakeTrackerServer({ rows: [], importReport: REPORT });
    const user = userEvent.setup();
    renderTrackerPage();
    await user.click(await screen.findByRole('button', { name: 'Import list' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Spreadsheet file'), csvFile());
    await within(dialog).findByText('Matched: 2');
    await user.selectOptions(within(dialog).getByRole('combobox'), 'Title');
    expect(
      await within(dialog).findByText('This column has no designations. Choose another column.'),
    ).toBeInTheDocument();
    expect(server.callsTo(LIST_IO_PATHS.importPreview).map((c) => c.query.get('column'))).toEqual([
      null,
      '0',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Track standards (0)' })).toBeDisabled();
  });

  it("shows the server's reason when the file is refused", async () => {
    fakeTrackerServer({ rows: [] });
    const user = userEvent.setup();
    renderTrackerPage();
    await user.click(await screen.findByRole('button', { name: 'Import list' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Spreadsheet file'), csvFile());
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The file could not be read.');
    expect(alert).toHaveTextContent('The file has no rows.');
  });
});

describe('export the list', { timeout: 20_000 }, () => {
  it('downloads the CSV and the Excel file under the names the server gives', async () => {
    const server = fakeTrackerServer({ rows: [buildRow(1)] });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:list'), revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    renderTrackerPage();
    await user.click(await screen.findByRole('button', { name: 'Export as CSV' }));
    await vi.waitFor(() => expect(clicked).toEqual(['list.csv']));
    // Both buttons wait while one export runs (a second click would be lost): the user clicks once it is back.
    const excel = screen.getByRole('button', { name: 'Export as Excel' });
    await vi.waitFor(() => expect(excel).toBeEnabled());
    await user.click(excel);
    await vi.waitFor(() => expect(clicked).toEqual(['list.csv', 'list.xlsx']));
    expect(server.callsTo(LIST_IO_PATHS.export).map((c) => c.query.get('format'))).toEqual(['csv', 'xlsx']);
    // The page's language goes along: the file's titles are in it where the catalogue has them.
    expect(server.callsTo(LIST_IO_PATHS.export).map((c) => c.query.get('lang'))).toEqual(['en', 'en']);
  });

  it('says when the export fails', async () => {
    const server = fakeTrackerServer({ rows: [buildRow(1)] });
    server.fail(LIST_IO_PATHS.export);
    const user = userEvent.setup();
    renderTrackerPage();
    await user.click(await screen.findByRole('button', { name: 'Export as CSV' }));
    expect(await screen.findByText('The list could not be exported. Try again.')).toBeInTheDocument();
  });
});
