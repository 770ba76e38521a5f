import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_CATALOG_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from '../../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../../testing/render-console.tsx';
import { CONSOLE_STANDARD_PATHS } from '../api/catalog-api.ts';
import { withStore } from '../testing/catalog-fixtures.ts';
import { fakeXhr } from '../testing/fake-xhr.ts';

afterEach(dismissToasts);

/** The dry run names, with each row, the standards it is linked to: predecessor, successor, base. */
describe('The catalogue import preview: supersession and supplements', { timeout: 20_000 }, () => {
  it("shows each row's predecessor, successor and base, and a link it cannot make as a note", async () => {
    const api = withStore(fakeConsoleApi());
    fakeXhr();
    api.on('GET', CONSOLE_CATALOG_PATHS.imports, () => ({ status: 200, body: { runs: [] } }));
    api.on('GET', CONSOLE_STANDARD_PATHS.standards, () => ({
      status: 200,
      body: { standards: [], nextCursor: null },
    }));
    api.on('POST', CONSOLE_CATALOG_PATHS.importDryRun, () => ({
      status: 200,
      body: {
        format: 'xml',
        complete: true,
        totals: { new: 3, changed: 0, unchanged: 0, error: 0 },
        rows: [
          {
            row: 1,
            kind: 'standard',
            key: 'ISO 2222',
            outcome: 'new',
            links: { replaces: ['ISO 1111:2014'] },
          },
          {
            row: 2,
            kind: 'standard',
            key: 'ISO 1111',
            outcome: 'new',
            links: { replacedBy: 'ISO 2222:2022' },
          },
          {
            row: 3,
            kind: 'standard',
            key: 'ISO 2222:2022/Amd 1',
            outcome: 'new',
            links: { supplementOf: 'ISO 2222:2022' },
          },
          {
            row: 4,
            kind: 'standard',
            key: 'ISO 3333',
            outcome: 'new',
            warnings: [
              {
                row: 4,
                field: 'replaces',
                reason:
                  'supersedes ISO 9999, which is neither in the catalogue nor in this import: not linked',
              },
            ],
          },
        ],
        rowsShown: 4,
      },
    }));
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: '/admin/stores/awwa/catalog' });
    const xml = new File(['<standards/>'], 'catalogue.xml', { type: 'application/xml' });
    await user.upload(
      await screen.findByLabelText('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)'),
      xml,
    );
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    const report = await screen.findByRole('region', { name: 'Dry run of catalogue.xml' });
    const [, successor, predecessor, amendment, unlinked] = within(
      within(report).getByRole('table'),
    ).getAllByRole('row');
    expect(successor).toHaveTextContent('Replaces ISO 1111:2014');
    expect(predecessor).toHaveTextContent('Replaced by ISO 2222:2022');
    expect(amendment).toHaveTextContent('Amendment or corrigendum of ISO 2222:2022');
    expect(unlinked).toHaveTextContent(
      'Note — replaces: supersedes ISO 9999, which is neither in the catalogue nor in this import: not linked',
    );
  });
});
