import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_CATALOG_PATHS } from '@trackwell/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from '../../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../../testing/render-console.tsx';
import { CONSOLE_STANDARD_PATHS } from '../api/catalog-api.ts';
import { csvFile, withStore } from '../testing/catalog-fixtures.ts';
import { fakeXhr } from '../testing/fake-xhr.ts';

afterEach(dismissToasts);

const TOTALS = { new: 2, changed: 1, unchanged: 0, error: 0 };
const ROWS = [
  { row: 2, kind: 'standard', key: 'AWWA C900', outcome: 'new' },
  { row: 3, kind: 'standard', key: 'AWWA C901', outcome: 'new' },
  {
    row: 4,
    kind: 'standard',
    key: 'AWWA C151',
    outcome: 'changed',
    changes: [{ field: 'edition', from: '2017', to: '2023' }],
    event: 'new_edition',
  },
];

function catalogApi() {
  const api = withStore(fakeConsoleApi());
  fakeXhr();
  api.on('GET', CONSOLE_CATALOG_PATHS.imports, () => ({ status: 200, body: { runs: [] } }));
  api.on('GET', CONSOLE_STANDARD_PATHS.standards, () => ({
    status: 200,
    body: { standards: [], nextCursor: null },
  }));
  return api;
}

const open = () => renderConsole({ roles: ['store_admin'], path: '/admin/stores/awwa/catalog' });
const fileInput = () => screen.getByLabelText('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)');

describe('The catalogue section', { timeout: 20_000 }, () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup();
  });

  it('dry run first; Apply only then; the result names the changes recorded and whom they e-mail', async () => {
    const api = catalogApi();
    api.on('POST', CONSOLE_CATALOG_PATHS.importDryRun, () => ({
      status: 200,
      body: { format: 'csv', complete: true, totals: TOTALS, rows: ROWS, rowsShown: 3 },
    }));
    api.on('POST', CONSOLE_CATALOG_PATHS.imports, () => ({
      status: 200,
      body: {
        runId: '7',
        format: 'csv',
        outcome: 'applied',
        totals: TOTALS,
        errors: [],
        events: 1,
        recipients: 3,
      },
    }));
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Catalogue' })).toBeInTheDocument();
    expect(await screen.findByText('No file has been imported into this store yet.')).toBeInTheDocument();
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.upload(fileInput(), csvFile('content_code,designation\nAWWA C900,C900-22\n'));
    await user.selectOptions(screen.getByLabelText('What the CSV file holds'), 'standard');
    expect(apply).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    const report = await screen.findByRole('region', { name: 'Dry run of standards.csv' });
    expect(within(report).getByRole('heading')).toHaveFocus();
    expect(
      within(report).getByText('Nothing blocks this file: applying it writes 3 new or changed entries.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('edition: 2017 → 2023');
    expect(rows[2]).toHaveTextContent('Records: New edition');
    const [dryRun] = api.callsTo('POST', '/api/console/v1/stores/awwa/catalog/imports/dry-run');
    expect(dryRun?.query.get('kind')).toBe('standard');
    expect(dryRun?.body).toContain('AWWA C900');
    expect(apply).toBeEnabled();
    // Another kind is another import: its dry run must come first.
    await user.selectOptions(screen.getByLabelText('What the CSV file holds'), 'work_item');
    expect(apply).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('What the CSV file holds'), 'standard');
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    const result = await screen.findByRole('region', { name: 'Import applied' });
    expect(result).toHaveTextContent('1 change recorded');
    expect(result).toHaveTextContent('3 users will be e-mailed.');
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/catalog/imports')).toHaveLength(1);
    // The runs are read again after the apply.
    expect(api.callsTo('GET', '/api/console/v1/stores/awwa/catalog/imports').length).toBeGreaterThan(1);
  });

  it('refused rows are shown with their reason, first 1000 rows said, and Apply stays disabled', async () => {
    const api = catalogApi();
    api.on('POST', CONSOLE_CATALOG_PATHS.importDryRun, () => ({
      status: 200,
      body: {
        format: 'csv',
        complete: true,
        totals: { new: 1500, changed: 0, unchanged: 0, error: 1 },
        rows: [
          {
            row: 5,
            kind: null,
            key: null,
            outcome: 'error',
            errors: [{ row: 5, field: 'status', reason: 'must be active, withdrawn or historical' }],
          },
        ],
        rowsShown: 1000,
      },
    }));
    open();
    await user.upload(
      await screen.findByLabelText('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)'),
      csvFile('x'),
    );
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    const report = await screen.findByRole('region', { name: 'Dry run of standards.csv' });
    expect(report).toHaveTextContent('1 row is refused: fix it and run the dry run again.');
    expect(report).toHaveTextContent('status: must be active, withdrawn or historical');
    expect(report).toHaveTextContent('Showing the first 1000 of 1501 rows, refused rows first.');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('a ZIP of STS files: sent as a ZIP; each file’s outcome, each row’s file and the notes on what files left out', async () => {
    const api = catalogApi();
    api.on('POST', CONSOLE_CATALOG_PATHS.importDryRun, () => ({
      status: 200,
      body: {
        format: 'zip',
        complete: true,
        totals: { new: 2, changed: 0, unchanged: 0, error: 0 },
        rows: [
          { row: 0, kind: 'publisher', key: 'DIN', outcome: 'new', file: 'sts/din.xml' },
          {
            row: 1,
            kind: 'standard',
            key: 'DIN EN ISO 13849-1',
            outcome: 'new',
            file: 'sts/din.xml',
            warnings: [{ row: 1, field: 'comm-ref', reason: 'is empty: imported without a committee' }],
          },
        ],
        rowsShown: 2,
        files: [
          { file: 'sts/din.xml', outcome: 'read', standards: 1, errors: 0 },
          { file: 'sts/readme.txt', outcome: 'skipped', standards: 0, errors: 0, reason: 'not an XML file' },
        ],
      },
    }));
    open();
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'batch.zip', { type: 'application/zip' });
    await user.upload(
      await screen.findByLabelText('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)'),
      zip,
    );
    // A ZIP holds STS files: no question about what a CSV holds.
    expect(screen.queryByLabelText('What the CSV file holds')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    const report = await screen.findByRole('region', { name: 'Dry run of batch.zip' });
    const files = within(report).getByRole('region', { name: 'Files in the batch (2)' });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['sts/din.xml Read — standards: 1', 'sts/readme.txt Skipped: not an XML file']);
    const table = within(report).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'File' })).toBeInTheDocument();
    const [, named, standard] = within(table).getAllByRole('row');
    expect(named).toHaveTextContent('Named in the file');
    expect(standard).toHaveTextContent('Note — comm-ref: is empty: imported without a committee');
    const [sent] = api.callsTo('POST', '/api/console/v1/stores/awwa/catalog/imports/dry-run');
    expect(sent!.contentType).toBe('application/zip');
  });

  it('a file over the limit (413) is said clearly, and nothing can be applied', async () => {
    const api = catalogApi();
    api.on('POST', CONSOLE_CATALOG_PATHS.importDryRun, () => ({
      status: 413,
      body: { status: '413', error: 'body_too_large', message: 'The request body is too large.' },
    }));
    open();
    await user.upload(
      await screen.findByLabelText('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)'),
      csvFile('x'),
    );
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is too large: the import takes files of at most 20 MB. Split it into smaller files.',
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('a file that is neither CSV nor XML is refused before it is sent', async () => {
    const api = catalogApi();
    open();
    // Dropped, or chosen past the picker's filter.
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        await screen.findByLabelText('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)'),
        new File(['x'], 'notes.txt', { type: 'text/plain' }),
      );
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a CSV file (.csv), an Excel workbook (.xlsx), a NISO STS XML file (.xml) or a ZIP of STS files (.zip).',
    );
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/catalog/imports/dry-run')).toHaveLength(0);
  });

  it('the past imports, and their failure with "Try again"', async () => {
    let fail = true;
    const api = catalogApi();
    api.on('GET', CONSOLE_CATALOG_PATHS.imports, () =>
      fail
        ? { status: 500, body: { status: '500', error: 'internal_error', message: 'Something went wrong.' } }
        : {
            status: 200,
            body: {
              runs: [
                {
                  id: '1',
                  outcome: 'refused',
                  totals: { new: 0, changed: 0, unchanged: 3, error: 2 },
                  startedAt: '2026-11-20T10:00:00Z',
                },
              ],
            },
          },
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table', { name: 'The latest imports of this store' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Refused');
  });
});
