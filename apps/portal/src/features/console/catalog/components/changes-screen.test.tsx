import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from '../../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../../testing/render-console.tsx';
import { CONSOLE_STANDARD_PATHS } from '../api/catalog-api.ts';
import { STANDARD, withStore } from '../testing/catalog-fixtures.ts';

afterEach(dismissToasts);

const CHANGE = {
  id: '41',
  publisherEventId: 'console-1',
  kind: 'new_edition',
  source: 'api',
  recordedAt: '2026-11-25T10:00:00Z',
  matched: 1,
  sent: 1,
  failed: 0,
  pending: 0,
  unsubscribed: 0,
  failureReasons: [],
};
const BY_SOURCE = { standard: 1, committee: 1, industryArea: 0, publisher: 0, workItem: 0 };

function changesApi({ published = [] as (typeof CHANGE)[] } = {}) {
  const api = withStore(fakeConsoleApi());
  api.on('GET', CONSOLE_PATHS.storeChanges, () => ({
    status: 200,
    body: { changes: published, nextCursor: null },
  }));
  api.on('GET', CONSOLE_STANDARD_PATHS.standards, () => ({
    status: 200,
    body: { standards: [STANDARD], nextCursor: null },
  }));
  return api;
}

const open = (roles: ('store_admin' | 'catalog_editor')[] = ['store_admin']) =>
  renderConsole({ roles, path: '/admin/stores/awwa/changes' });

async function fillNewEdition(user: ReturnType<typeof userEvent.setup>) {
  await user.type(
    await screen.findByRole('searchbox', { name: 'Find a standard by designation or title' }),
    'C151',
  );
  await user.click(screen.getByRole('button', { name: 'Find' }));
  await user.click(await screen.findByRole('button', { name: 'Choose C151-17' }));
  expect(screen.getByLabelText('Standard (content code)')).toHaveValue('AWWA C151');
  await user.type(screen.getByLabelText('Designation'), 'C151-23');
  await user.type(screen.getByLabelText('Edition'), '2023');
  await user.type(screen.getByLabelText('Release date'), '2023-09-01');
  // What changed, in the publisher's words, and where to compare (optional, every kind)
  await user.type(screen.getByLabelText(/^Summary of the change/), 'Joint restraint{Enter}clarified.');
  await user.type(screen.getByLabelText(/^Comparison link/), 'https://example.org/c151/redline');
}

describe('The changes section', { timeout: 20_000 }, () => {
  it('preview shows whom it would e-mail; publish sends exactly that; the list shows it', async () => {
    let published: (typeof CHANGE)[] = [];
    const api = changesApi();
    api.on('GET', CONSOLE_PATHS.storeChanges, () => ({
      status: 200,
      body: { changes: published, nextCursor: null },
    }));
    api.on('POST', CONSOLE_PATHS.storeChangePreview, (call) => ({
      status: 200,
      body: {
        id: (call.body as { id: string }).id,
        outcome: 'would_apply',
        recipients: 1,
        bySource: BY_SOURCE,
        summary: '1 user will be e-mailed',
      },
    }));
    api.on('POST', CONSOLE_PATHS.storeChanges, (call) => {
      published = [CHANGE];
      return {
        status: 200,
        body: { id: (call.body as { id: string }).id, outcome: 'applied', recipients: 1 },
      };
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('No change has been published in this store yet.')).toBeInTheDocument();
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    await fillNewEdition(user);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('1 user will be e-mailed')).toBeInTheDocument();
    expect(screen.getByText('1 tracks the standard')).toBeInTheDocument();
    expect(screen.getByText('1 tracks its committee')).toBeInTheDocument();
    const [preview] = api.callsTo('POST', '/api/console/v1/stores/awwa/changes/preview');
    expect(preview?.body).toMatchObject({
      type: 'new_edition',
      standard: { contentCode: 'AWWA C151' },
      designation: 'C151-23',
      edition: '2023',
      publishedOn: '2023-09-01',
      summary: 'Joint restraint\nclarified.',
      compareUrl: 'https://example.org/c151/redline',
    });
    // Editing after the preview asks for a new one.
    await user.type(screen.getByLabelText('Edition'), 'b');
    expect(publish).toBeDisabled();
    expect(
      screen.getByText('The change was edited after its preview: preview it again before publishing.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Edition'), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published: 1 user will be e-mailed.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/changes')[0]?.body).toEqual(preview?.body);
    const table = await screen.findByRole('table', { name: "The store's recent changes and their e-mails" });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('New edition');
    // The form is ready for the next change.
    expect(screen.getByLabelText('Designation')).toHaveValue('');
  });

  it('required fields are asked for before any call; the server’s 400 is shown beside the field it names', async () => {
    const api = changesApi();
    api.on('POST', CONSOLE_PATHS.storeChangePreview, () => ({
      status: 400,
      body: {
        status: '400',
        error: 'validation_error',
        message: 'No standard AWWA X in this store.',
        issues: [{ path: 'body.standard', message: 'unknown_standard: No standard AWWA X in this store.' }],
      },
    }));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const code = screen.getByLabelText('Standard (content code)');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.getAllByText('Fill in this field.')).toHaveLength(4);
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/changes/preview')).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Kind of change'), 'withdrawal');
    await user.type(screen.getByLabelText('Standard (content code)'), 'AWWA X');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('unknown_standard: No standard AWWA X in this store.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Standard (content code)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('a withdrawal names its replacement; an unknown one is shown beside that field', async () => {
    const api = changesApi();
    api.on('POST', CONSOLE_PATHS.storeChangePreview, () => ({
      status: 400,
      body: {
        status: '400',
        error: 'validation_error',
        message: 'No standard NOPE in this store.',
        issues: [
          { path: 'body.replacedBy', message: 'unknown_replaced_by: No standard NOPE in this store.' },
        ],
      },
    }));
    const user = userEvent.setup();
    open();
    await user.selectOptions(await screen.findByLabelText('Kind of change'), 'withdrawal');
    await user.type(screen.getByLabelText('Standard (content code)'), 'AWWA C151');
    const replacedBy = screen.getByLabelText('Replaced by (content code) (optional)');
    expect(replacedBy).toHaveAccessibleDescription(
      'Its trackers are told, and can follow that standard instead.',
    );
    await user.type(replacedBy, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('unknown_replaced_by: No standard NOPE in this store.'),
    ).toBeInTheDocument();
    expect(replacedBy).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/changes/preview')[0]?.body).toMatchObject({
      type: 'withdrawal',
      standard: { contentCode: 'AWWA C151' },
      replacedBy: { contentCode: 'NOPE' },
    });
  });

  it('a catalogue editor publishes but is not shown the deliveries’ list', async () => {
    const api = changesApi();
    open(['catalog_editor']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Changes' })).toBeInTheDocument();
    expect(
      screen.getByText('The list of recent changes and their e-mails is open to store administrators.'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/console/v1/stores/awwa/changes')).toHaveLength(0);
  });
});
