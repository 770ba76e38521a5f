import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CatalogImportColumnsAnswer, CONSOLE_CATALOG_PATHS } from '@trackwell/contracts';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { englishResources } from '../../../../testing/english.ts';
import { createTestI18n, renderWithI18n } from '../../../../testing/render-with-i18n.tsx';
import { fakeConsoleApi } from '../../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../../testing/render-console.tsx';
import { CONSOLE_STANDARD_PATHS } from '../api/catalog-api.ts';
import { draftOf } from '../lib/mapping-draft.ts';
import { csvFile, withStore } from '../testing/catalog-fixtures.ts';
import { fakeXhr } from '../testing/fake-xhr.ts';
import { ColumnMappingStep } from './column-mapping-step.tsx';

afterEach(dismissToasts);

/** What the server answers for ISO's open data export (its first two records). */
const ISO_COLUMNS: CatalogImportColumnsAnswer = {
  format: 'csv',
  headers: ['id', 'reference', 'title.en', 'title.fr', 'publicationDate', 'currentStage', 'icsCode'],
  rows: [
    [
      '62319',
      'ISO 18381:2013',
      'Space data — Lossless compression',
      'Données spatiales — Compression',
      '2013-05-29',
      '9060',
      "['49.140']",
    ],
    [
      '12345',
      'ISO 6123-2:1983',
      'Rubber or plastics covered rollers',
      'Cylindres revêtus',
      '1983-09-01',
      '9599',
      "['83.140.99']",
    ],
  ],
  recognised: false,
  suggested: [
    { header: 'reference', field: 'reference' },
    { header: 'title.en', field: 'titles', language: 'en' },
    { header: 'title.fr', field: 'titles', language: 'fr' },
    { header: 'publicationDate', field: 'publishedOn' },
    { header: 'currentStage', field: 'stage' },
    { header: 'icsCode', field: 'icsCodes' },
  ],
};

const DRY_RUN = {
  format: 'csv',
  complete: true,
  totals: { new: 2, changed: 0, unchanged: 0, error: 0 },
  rows: [
    { row: 2, kind: 'standard', key: 'ISO 18381', outcome: 'new' },
    { row: 3, kind: 'standard', key: 'ISO 6123-2', outcome: 'new' },
  ],
  rowsShown: 2,
  leftOut: 3,
};

function catalogApi() {
  const api = withStore(fakeConsoleApi());
  fakeXhr();
  api.on('GET', CONSOLE_CATALOG_PATHS.imports, () => ({ status: 200, body: { runs: [] } }));
  api.on('GET', CONSOLE_STANDARD_PATHS.standards, () => ({
    status: 200,
    body: { standards: [], nextCursor: null },
  }));
  api.on('POST', CONSOLE_CATALOG_PATHS.importColumns, () => ({ status: 200, body: ISO_COLUMNS }));
  api.on('PUT', CONSOLE_CATALOG_PATHS.importMapping, (call) => ({
    status: 200,
    body: { mapping: call.body, updatedAt: '2026-11-28T20:00:00.000Z' },
  }));
  api.on('POST', CONSOLE_CATALOG_PATHS.importDryRun, () => ({ status: 200, body: DRY_RUN }));
  return api;
}

const open = () => renderConsole({ roles: ['store_admin'], path: '/admin/stores/awwa/catalog' });
const ISO_CSV = 'id,reference,title.en\n62319,ISO 18381:2013,Space data\n';
const BASE = '/api/console/v1/stores/awwa/catalog/imports';

describe('the column-mapping step of the catalogue import', { timeout: 20_000 }, () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup();
  });

  it('an export the importer does not know: its columns pre-filled, a preview as mapped, the mapping saved with the dry run', async () => {
    const api = catalogApi();
    api.on('POST', CONSOLE_CATALOG_PATHS.imports, () => ({
      status: 200,
      body: {
        runId: '9',
        format: 'csv',
        outcome: 'applied',
        totals: DRY_RUN.totals,
        errors: [],
        events: 0,
        recipients: 0,
      },
    }));
    open();
    await user.upload(
      await screen.findByLabelText('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)'),
      csvFile(ISO_CSV, 'iso.csv'),
    );
    const step = await screen.findByRole('group', { name: "Map the file's columns" });
    expect(within(step).getByLabelText('reference')).toHaveDisplayValue('Reference (designation with year)');
    expect(within(step).getByLabelText('title.fr')).toHaveDisplayValue('Title (FR)');
    expect(within(step).getByLabelText('id')).toHaveDisplayValue('Not imported');
    // The kind select is for the catalogue's own CSV: not offered while mapping.
    expect(screen.queryByLabelText('What the CSV file holds')).not.toBeInTheDocument();

    const preview = within(step).getByRole('table', { name: 'The first 2 rows as they will be read' });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Reference (designation with year)',
      'Title (EN)',
      'Title (FR)',
      'Publication date',
      'Stage code',
      'ICS codes',
    ]);
    expect(within(preview).getAllByRole('row')[1]).toHaveTextContent('ISO 18381:2013');

    // The French title is not wanted; the id is the content code.
    await user.selectOptions(within(step).getByLabelText('title.fr'), 'Not imported');
    await user.selectOptions(within(step).getByLabelText('id'), 'Content code');
    expect(within(preview).getAllByRole('columnheader')[0]).toHaveTextContent('Content code');

    await user.click(screen.getByRole('button', { name: 'Save the mapping and run the dry run' }));
    const report = await screen.findByRole('region', { name: 'Dry run of iso.csv' });
    expect(report).toHaveTextContent(
      '3 records of the file are left out: their stage codes say they are projects, not published standards.',
    );
    const [put] = api.callsTo('PUT', `${BASE}/mapping`);
    expect(put?.body).toEqual({
      columns: [
        { header: 'id', field: 'contentCode' },
        { header: 'reference', field: 'reference' },
        { header: 'title.en', field: 'titles', language: 'en' },
        { header: 'publicationDate', field: 'publishedOn' },
        { header: 'currentStage', field: 'stage' },
        { header: 'icsCode', field: 'icsCodes' },
      ],
    });
    const [dryRun] = api.callsTo('POST', `${BASE}/dry-run`);
    expect(dryRun?.query.get('mapping')).toBe('saved');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('region', { name: 'Import applied' })).toBeInTheDocument();
    expect(api.callsTo('POST', BASE)[0]?.query.get('mapping')).toBe('saved');
  });

  it('a mapping the server refuses: its reasons shown in place, no dry run', async () => {
    const api = catalogApi();
    api.on('PUT', CONSOLE_CATALOG_PATHS.importMapping, () => ({
      status: 400,
      body: {
        status: '400',
        error: 'validation_error',
        message: 'The request is not valid.',
        issues: [
          { path: 'body.columns', message: 'field publishedOn is not mapped (map a column to publishedOn)' },
        ],
      },
    }));
    open();
    await user.upload(
      await screen.findByLabelText('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)'),
      csvFile(ISO_CSV, 'iso.csv'),
    );
    const step = await screen.findByRole('group', { name: "Map the file's columns" });
    await user.selectOptions(within(step).getByLabelText('publicationDate'), 'Not imported');
    await user.click(screen.getByRole('button', { name: 'Save the mapping and run the dry run' }));
    const alert = await within(step).findByRole('alert');
    expect(alert).toHaveTextContent('The mapping cannot be saved:');
    expect(alert).toHaveTextContent('field publishedOn is not mapped (map a column to publishedOn)');
    expect(api.callsTo('POST', `${BASE}/dry-run`)).toHaveLength(0);
  });

  it("the catalogue CSV's own header needs no mapping: the dry run as before", async () => {
    const api = catalogApi();
    api.on('POST', CONSOLE_CATALOG_PATHS.importColumns, () => ({
      status: 200,
      body: { ...ISO_COLUMNS, headers: ['content_code', 'designation'], recognised: true, suggested: [] },
    }));
    open();
    await user.upload(
      await screen.findByLabelText('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)'),
      csvFile('content_code,designation\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByRole('region', { name: 'Dry run of standards.csv' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: "Map the file's columns" })).not.toBeInTheDocument();
    expect(api.callsTo('PUT', `${BASE}/mapping`)).toHaveLength(0);
    expect(api.callsTo('POST', `${BASE}/dry-run`)[0]?.query.get('mapping')).toBeNull();
  });

  it('an Excel workbook is offered to the server as XLSX', async () => {
    const api = catalogApi();
    open();
    const workbook = new File(['PK'], 'iso.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(
      await screen.findByLabelText('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)'),
      workbook,
    );
    expect(await screen.findByRole('group', { name: "Map the file's columns" })).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/columns`)).toHaveLength(1);
  });

  it('every select is reached with the keyboard, in the order of the columns', async () => {
    catalogApi();
    open();
    await user.upload(
      await screen.findByLabelText('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)'),
      csvFile(ISO_CSV, 'iso.csv'),
    );
    const step = await screen.findByRole('group', { name: "Map the file's columns" });
    const selects = within(step).getAllByRole('combobox');
    expect(selects).toHaveLength(ISO_COLUMNS.headers.length);
    selects[0]!.focus();
    await user.tab();
    expect(selects[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(selects[1]).toHaveFocus();
  });
});

/** The step as a screen holds it: the draft kept in state, so a choice re-renders the table. */
function Stateful() {
  const [draft, setDraft] = useState(draftOf(ISO_COLUMNS.headers, ISO_COLUMNS.suggested));
  return (
    <ColumnMappingStep columns={ISO_COLUMNS} draft={draft} errors={[]} disabled={false} onChange={setDraft} />
  );
}

describe('the mapping step on the portal’s one table', () => {
  it('keeps the focus on a select once a choice is made, the preview following it', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Stateful />);
    const select = screen.getByRole('combobox', { name: 'title.fr' });
    select.focus();
    await user.selectOptions(select, 'Not imported');
    // The table is not rebuilt under the keyboard: the same select still has the focus.
    expect(select).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'title.fr' })).toBe(select);
    const preview = screen.getByRole('table', { name: 'The first 2 rows as they will be read' });
    expect(within(preview).queryByRole('columnheader', { name: 'Title (FR)' })).not.toBeInTheDocument();
  });

  it('names each column of the file as a row, in the file’s order, each cell labelled for the card layout', () => {
    renderWithI18n(<Stateful />);
    const region = screen.getByRole('region', { name: "The file's columns and what each is imported as" });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(ISO_COLUMNS.headers);
    // The order is the file's: no column offers to sort.
    expect(within(table).queryAllByRole('button')).toEqual([]);
    const [first, importedAs] = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(first).toHaveAttribute('data-label', 'First value');
    expect(first).toHaveTextContent('62319');
    expect(importedAs).toHaveAttribute('data-label', 'Imported as');
  });
  it('offers the date a standard was last confirmed, which review forecasts count from', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Stateful />);
    await user.selectOptions(screen.getByLabelText('id'), 'Date last confirmed');
    expect(screen.getByLabelText('id')).toHaveDisplayValue('Date last confirmed');
  });
});

describe('the mapping step in Arabic', () => {
  it('labels, choices and the preview read in Arabic; the file’s own headers and values are kept as written', () => {
    const arabic = JSON.parse(
      readFileSync(
        join(import.meta.dirname, '../../../../../public/locales/ar/console-catalog.json'),
        'utf8',
      ),
    );
    const i18n = createTestI18n('ar', englishResources(), {
      preloaded: { language: 'ar', namespaces: { 'console-catalog': arabic } },
      withBackend: false,
    });
    renderWithI18n(
      <ColumnMappingStep
        columns={ISO_COLUMNS}
        draft={draftOf(ISO_COLUMNS.headers, ISO_COLUMNS.suggested)}
        errors={[]}
        disabled={false}
        onChange={() => {}}
      />,
      i18n,
    );
    const step = screen.getByRole('group', { name: 'اربط أعمدة الملف' });
    expect(within(step).getByLabelText('id')).toHaveDisplayValue('لا يُستورد');
    expect(within(step).getByLabelText('reference')).toHaveDisplayValue('المرجع (الرمز مع السنة)');
    expect(
      within(step).getByRole('table', { name: 'أعمدة الملف وما يُستورد كل منها بوصفه' }),
    ).toBeInTheDocument();
    expect(within(step).getByRole('table', { name: 'أول صفّين كما سيُقرآن' })).toHaveTextContent(
      'ISO 18381:2013',
    );
  });
});
