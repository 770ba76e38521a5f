import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONSOLE_ICS_PATHS,
  CONSOLE_PATHS,
  type IcsAreaMapping,
  type IcsAreaMappingAnswer,
} from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from '../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../testing/render-console.tsx';

afterEach(dismissToasts);

const STORES = [{ code: 'acme', name: 'Acme', canonicalHost: 'acme.localhost', hosts: ['acme.localhost'] }];
const PATH = '/admin/stores/acme/areas';
const AREAS = [
  { marketingCode: 'MACH', name: 'Machinery safety' },
  { marketingCode: 'PLAS', name: 'Plastics' },
];
const MAPPING_URL = CONSOLE_ICS_PATHS.areaMapping.replace(':code', 'acme');

/** The console API with the store's mapping; PUT answers as the server does for an area it lacks. */
function mappingApi(saved: IcsAreaMappingAnswer = { entries: [], areas: AREAS }) {
  let stored = saved;
  return fakeConsoleApi()
    .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
    .on('GET', CONSOLE_ICS_PATHS.areaMapping, () => ({ status: 200, body: stored }))
    .on('PUT', CONSOLE_ICS_PATHS.areaMapping, (call) => {
      const { entries } = call.body as IcsAreaMapping;
      const unknown = entries.flatMap((e, i) =>
        AREAS.some((a) => a.marketingCode === e.area)
          ? []
          : [{ path: `body.entries.${i}.area`, message: `${e.area} is not an industry area of this store` }],
      );
      if (unknown.length > 0)
        return { status: 400, body: { message: 'The mapping names unknown areas.', issues: unknown } };
      stored = { entries, areas: AREAS };
      return { status: 200, body: stored };
    });
}

describe('the ICS → industry area mapping editor', () => {
  it('an administrator maps a prefix to an area and saves it', async () => {
    const api = mappingApi();
    const user = userEvent.setup();
    renderConsole({ path: PATH, roles: ['store_admin'] });
    expect(await screen.findByRole('heading', { name: 'Industry areas by ICS code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Industry areas' })).toBeInTheDocument();
    expect(await screen.findByText('No ICS prefix is mapped yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a prefix' }));
    await user.type(screen.getByRole('textbox', { name: 'ICS prefix of row 1' }), '13.110');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Industry area of row 1' }),
      'Machinery safety',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('ICS mapping saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT', MAPPING_URL).map((c) => c.body)).toEqual([
      { entries: [{ prefix: '13.110', area: 'MACH' }] },
    ]);
  });

  it('edits rows on the portal’s one table: the focus stays in a field while typing, Remove in each row', async () => {
    mappingApi({
      entries: [
        { prefix: '13.110', area: 'MACH' },
        { prefix: '83', area: 'PLAS' },
      ],
      areas: AREAS,
    });
    const user = userEvent.setup();
    renderConsole({ path: PATH, roles: ['store_admin'] });
    const region = await screen.findByRole('region', { name: 'ICS prefixes and their industry areas' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table');
    // The rows stay in the order saved: no column sorts an editor.
    expect(within(table).queryByRole('button', { name: /Sort/ })).not.toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const prefix = within(rows[1]!).getByRole('textbox', { name: 'ICS prefix of row 2' });
    expect(prefix.closest('td')).toHaveAttribute('data-label', 'ICS prefix');
    await user.type(prefix, '.080');
    expect(prefix).toHaveFocus();
    expect(prefix).toHaveValue('83.080');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Remove row 1' }));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('textbox', { name: 'ICS prefix of row 1' })).toHaveValue('83.080');
  });

  it('shows a prefix that is no ICS code beside its row, without calling the server', async () => {
    const api = mappingApi();
    const user = userEvent.setup();
    renderConsole({ path: PATH, roles: ['store_admin'] });
    await user.click(await screen.findByRole('button', { name: 'Add a prefix' }));
    const prefix = screen.getByRole('textbox', { name: 'ICS prefix of row 1' });
    await user.type(prefix, '13.11');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some rows need a change before saving');
    expect(prefix).toHaveAccessibleDescription(
      'Write an ICS field, group or sub-group, e.g. 13, 13.110 or 83.080.01.',
    );
    expect(screen.getByRole('combobox', { name: 'Industry area of row 1' })).toHaveAccessibleDescription(
      'Choose an industry area.',
    );
    expect(api.callsTo('PUT', MAPPING_URL)).toEqual([]);
  });

  it("shows the server's refusal of an area beside the row it names", async () => {
    mappingApi({ entries: [{ prefix: '83', area: 'GONE' }], areas: AREAS });
    const user = userEvent.setup();
    renderConsole({ path: PATH, roles: ['store_admin'] });
    const area = await screen.findByRole('combobox', { name: 'Industry area of row 1' });
    // An area the store no longer has still shows what is saved.
    expect(area).toHaveDisplayValue('GONE');
    await user.type(screen.getByRole('textbox', { name: 'ICS prefix of row 1' }), '.080');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The mapping names unknown areas.');
    expect(area).toHaveAccessibleDescription('GONE is not an industry area of this store');
  });

  it('removes a row and saves the rest', async () => {
    const api = mappingApi({
      entries: [
        { prefix: '13.110', area: 'MACH' },
        { prefix: '83', area: 'PLAS' },
      ],
      areas: AREAS,
    });
    const user = userEvent.setup();
    renderConsole({ path: PATH, roles: ['platform_operator'] });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('ICS mapping saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT', MAPPING_URL).map((c) => c.body)).toEqual([
      { entries: [{ prefix: '83', area: 'PLAS' }] },
    ]);
  });

  it('says when the store has no industry areas to map to', async () => {
    mappingApi({ entries: [], areas: [] });
    renderConsole({ path: PATH, roles: ['store_admin'] });
    expect(
      await screen.findByText('This store has no industry areas yet. Import them with the catalogue first.'),
    ).toBeInTheDocument();
  });

  it('is not among a catalogue editor’s sections', async () => {
    mappingApi();
    renderConsole({ path: '/admin/stores/acme/catalog', roles: ['catalog_editor'] });
    expect(await screen.findByRole('link', { name: 'Catalogue' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Industry areas' })).not.toBeInTheDocument();
  });
});
