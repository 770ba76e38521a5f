import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_PATHS, type ConsoleOrganisationDetail, ORGANISATION_PATHS as P } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from '../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../testing/render-console.tsx';

afterEach(dismissToasts);

const STORES = [
  { code: 'awwa', name: 'AWWA Store', canonicalHost: 'awwa.localhost', hosts: ['awwa.localhost'] },
];
const PATH = '/admin/stores/awwa/organisations';
const ID = '5b0a3f5e-2c1d-4e6f-8a9b-0c1d2e3f4a5b';
const organisation = (limit = 10): ConsoleOrganisationDetail => ({
  id: ID,
  name: 'Acme Quality',
  seats: { limit, used: 3 },
  members: 2,
  openInvitations: 1,
  lists: 4,
  createdAt: '2026-11-01T09:00:00Z',
  memberList: [
    {
      userId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      login: 'owner@acme.example',
      firstName: 'Olga',
      lastName: 'Owner',
      role: 'owner',
      joinedAt: '2026-11-01T09:00:00Z',
    },
  ],
});

function organisationsApi(rows: ConsoleOrganisationDetail[] = [organisation()]) {
  const state = { rows: [...rows] };
  const api = fakeConsoleApi()
    .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
    .on('GET', P.consoleOrganisations, () => ({ status: 200, body: { organisations: state.rows } }))
    .on('GET', P.consoleOrganisation, () => ({ status: 200, body: { organisation: state.rows[0] } }))
    .on('PUT', P.consoleSeatLimit, (call) => {
      const { seatLimit } = call.body as { seatLimit: number };
      state.rows[0] = organisation(seatLimit);
      return { status: 200, body: { organisation: state.rows[0] } };
    });
  return { api, state };
}

describe('Organisations (console)', { timeout: 20_000 }, () => {
  it('lists the organisations with their seats, opens one with its members, and sets its seat limit', async () => {
    const { api } = organisationsApi();
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const table = await screen.findByRole('table', { name: "The store's organisations" });
    expect(within(table).getByText('3 of 10 seats used')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Open Acme Quality' }));
    const heading = await screen.findByRole('heading', { name: 'Acme Quality' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/owner@acme\.example/)).toBeInTheDocument();

    const limit = screen.getByRole('spinbutton', { name: 'Seat limit' });
    await user.clear(limit);
    await user.type(limit, '25');
    await user.click(screen.getByRole('button', { name: 'Save seat limit' }));
    expect(await screen.findByText('Seat limit set to 25')).toBeInTheDocument();
    expect(
      api.callsTo('PUT', `/api/console/v1/stores/awwa/organisations/${ID}/seat-limit`).at(-1)?.body,
    ).toEqual({
      seatLimit: 25,
    });
  });

  it('says so when the store has no organisations', async () => {
    organisationsApi([]);
    renderConsole({ roles: ['store_admin'], path: PATH });
    expect(await screen.findByText('This store has no organisations yet.')).toBeInTheDocument();
  });
});
