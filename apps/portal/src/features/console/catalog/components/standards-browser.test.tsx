import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_CATALOG_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from '../../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../../testing/render-console.tsx';
import { CONSOLE_STANDARD_PATHS } from '../api/catalog-api.ts';
import { STANDARD, withStore } from '../testing/catalog-fixtures.ts';

afterEach(dismissToasts);

function standardsApi() {
  const api = withStore(fakeConsoleApi());
  api.on('GET', CONSOLE_CATALOG_PATHS.imports, () => ({ status: 200, body: { runs: [] } }));
  api.on('GET', CONSOLE_STANDARD_PATHS.standards, (call) => ({
    status: 200,
    body:
      call.query.get('q') === 'nothing'
        ? { standards: [], nextCursor: null }
        : { standards: [STANDARD], nextCursor: null },
  }));
  return api;
}

const open = () => renderConsole({ roles: ['catalog_editor'], path: '/admin/stores/awwa/catalog' });

describe('The catalogue’s standards', { timeout: 20_000 }, () => {
  it('searches, says when nothing matches, and lists what does', async () => {
    const api = standardsApi();
    const user = userEvent.setup();
    open();
    const table = await screen.findByRole('table', { name: "The store's standards" });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('C151-17');
    const search = screen.getByRole('searchbox', { name: 'Search standards by designation or title' });
    await user.type(search, 'nothing{Enter}');
    expect(await screen.findByText('No standard matches “nothing”.')).toBeInTheDocument();
    const calls = api.callsTo('GET', '/api/console/v1/stores/awwa/catalog/standards');
    expect(calls.at(-1)?.query.get('q')).toBe('nothing');
  });

  it('asks the server for each page and order: a numbered page, the sort key, back to page 1 on a new order', async () => {
    const api = standardsApi();
    api.on('GET', CONSOLE_STANDARD_PATHS.standards, () => ({
      status: 200,
      body: { standards: [STANDARD], nextCursor: null, total: 60 },
    }));
    const user = userEvent.setup();
    open();
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3 · rows 1–25 of 60');
    const path = '/api/console/v1/stores/awwa/catalog/standards';
    const last = () => Object.fromEntries(api.callsTo('GET', path).at(-1)?.query ?? []);
    expect(last()).toEqual({ limit: '25', page: '1', sort: 'designation' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last()).toEqual({ limit: '25', page: '2', sort: 'designation' }));
    const title = screen.getByRole('columnheader', { name: /Title/ });
    await user.click(within(title).getByRole('button'));
    await user.click(within(title).getByRole('button'));
    await waitFor(() => expect(last()).toEqual({ limit: '25', page: '1', sort: '-title' }));
    expect(title).toHaveAttribute('aria-sort', 'descending');
    // Edition and committee are not orders the server offers: their headers are plain text.
    expect(within(screen.getByRole('columnheader', { name: 'Edition' })).queryByRole('button')).toBeNull();
  });

  it('lists the industry areas the row names and those derived from its ICS codes, the derived ones marked', async () => {
    const api = standardsApi();
    const areas = [
      { marketingCode: 'PIPE', name: 'Pipes', derived: true },
      { marketingCode: 'WATER', name: 'Water', derived: false },
    ];
    api.on('GET', CONSOLE_STANDARD_PATHS.standards, () => ({
      status: 200,
      body: { standards: [{ ...STANDARD, industryAreas: areas }], nextCursor: null, total: 1 },
    }));
    open();
    const header = await screen.findByRole('columnheader', { name: 'Industry areas' });
    const table = header.closest('table')!;
    const items = within(within(table).getAllByRole('row')[1]!).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Pipes from ICS', 'Water']);
    expect(within(items[0]!).getByText('from ICS')).toHaveAttribute(
      'title',
      "Derived from its ICS codes by the store's ICS mapping",
    );
  });

  it('edits a standard: only the changed fields go, the change event recorded is named', async () => {
    const api = standardsApi();
    api.on('PATCH', CONSOLE_STANDARD_PATHS.standard, () => ({
      status: 200,
      body: { standard: { ...STANDARD, edition: '2023' }, event: { kind: 'new_edition', recipients: 2 } },
    }));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit C151-17' }));
    const form = screen.getByRole('form', { name: 'Edit C151-17' });
    const edition = within(form).getByLabelText('Edition');
    await user.clear(edition);
    await user.type(edition, '2023');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Saved. Recorded as a change (New edition): 2 users will be e-mailed.',
    );
    const [patch] = api.callsTo('PATCH', '/api/console/v1/stores/awwa/catalog/standards/AWWA%20C151');
    expect(patch?.body).toEqual({ edition: '2023' });
    await user.click(within(form).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('form', { name: 'Edit C151-17' })).not.toBeInTheDocument();
  });

  it('the server naming a field puts its words beside that field', async () => {
    const api = standardsApi();
    api.on('PATCH', CONSOLE_STANDARD_PATHS.standard, () => ({
      status: 400,
      body: {
        status: '400',
        error: 'validation_error',
        message: 'The request is not valid.',
        issues: [{ path: 'body.committeeDesignation', message: 'unknown committee XYZ' }],
      },
    }));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit C151-17' }));
    const committee = screen.getByLabelText('Committee designation');
    await user.clear(committee);
    await user.type(committee, 'XYZ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('unknown committee XYZ')).toBeInTheDocument();
    expect(committee).toHaveAttribute('aria-invalid', 'true');
    expect(committee).toHaveAccessibleDescription('unknown committee XYZ');
  });
});
