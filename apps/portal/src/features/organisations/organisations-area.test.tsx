import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type OrganisationSummary, ORGANISATION_PATHS as P } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import type { ExtraRoutes } from '../../testing/extra-routes.ts';
import { renderApp, stubServer } from '../../testing/render-app.tsx';
import { seedSignedInSession, signedInRoutes } from '../../testing/signed-in.ts';
import { buildTenantConfig, tenantConfigResponse } from '../../testing/tenant-config.ts';

/**
 * The organisation area in the app: its loading, error (with a retry) and empty states, creating an
 * organisation by keyboard, and an owner's organisation screen (seats, members, invitations, lists).
 */

const ORG: OrganisationSummary = {
  id: '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c',
  name: 'Acme Quality',
  description: '',
  role: 'owner',
  seats: { limit: 10, used: 2 },
  reviewDueDays: 30,
  createdAt: '2026-11-01T09:00:00Z',
};
const ok = (value: unknown) => ({ status: 200, body: { status: '200', responseData: { value } } });

function serve(routes: ExtraRoutes) {
  seedSignedInSession();
  stubServer(
    { status: 200, body: tenantConfigResponse(buildTenantConfig()) },
    signedInRoutes({ more: routes }),
  );
}

describe('the organisation area', { timeout: 20_000 }, () => {
  it('says when the list cannot be read, retries, then shows the empty state; creates one by keyboard', async () => {
    let failures = 1;
    const created: unknown[] = [];
    serve((url, request) => {
      if (url.pathname === P.organisations && request.method === 'GET') {
        if (failures-- > 0)
          return { status: 503, body: { status: '503', error: 'unavailable', message: 'Try later.' } };
        return ok({ organisations: created.length ? [ORG] : [] });
      }
      if (url.pathname === P.organisations && request.method === 'POST') {
        created.push(request.body);
        return ok({ organisation: ORG });
      }
      if (url.pathname.startsWith(`${P.organisations}/${ORG.id}`))
        return ok({ organisation: ORG, members: [], invitations: [], lists: [] });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp({ path: '/organisations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Organisations' })).toBeInTheDocument();
    // In the page, not in the error toast that also says it (on a busy machine both are there by now).
    expect(await within(screen.getByRole('main')).findByText('Try later.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You belong to no organisation yet.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Name'));
    await user.keyboard('Acme Quality{Enter}');
    await waitFor(() => expect(created).toEqual([{ name: 'Acme Quality' }]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Quality' })).toBeInTheDocument();
    expect(screen.getByText('Your role: Owner · 2 of 10 seats used')).toBeInTheDocument();
    // An owner sees the invitation form; the lists say they are empty.
    const invitations = screen.getByRole('region', { name: 'Invitations' });
    expect(within(invitations).getByRole('button', { name: 'Send invitation' })).toBeInTheDocument();
    expect(await screen.findByText('No lists yet.')).toBeInTheDocument();
  });

  it('a reader sees the lists but neither the invitations nor the forms that change lists', async () => {
    const reader = { ...ORG, role: 'reader' as const };
    serve((url) => {
      if (url.pathname === `${P.organisations}/${ORG.id}`) return ok({ organisation: reader });
      if (url.pathname.endsWith('/members')) return ok({ members: [] });
      if (url.pathname.endsWith('/lists'))
        return ok({
          lists: [
            { id: '7', name: 'Suppliers', responsible: null, standardCount: 0, createdAt: ORG.createdAt },
          ],
        });
      return undefined;
    });
    renderApp({ path: `/organisations/${ORG.id}` });
    const lists = await screen.findByRole('region', { name: 'Watch lists' });
    expect(await within(lists).findByRole('heading', { level: 3, name: 'Suppliers' })).toBeInTheDocument();
    expect(within(lists).getByText(/nobody \(name someone\)/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(within(lists).queryByRole('button', { name: 'Create list' })).not.toBeInTheDocument();
  });

  it('an owner sees the members in a table sorted by name (last name first, as everywhere), sorts by e-mail and changes a role', async () => {
    const member = (userId: string, firstName: string, login: string, role: 'owner' | 'reader') => ({
      userId,
      login,
      firstName,
      lastName: 'Example',
      role,
      joinedAt: ORG.createdAt,
    });
    const changes: unknown[] = [];
    serve((url, request) => {
      if (url.pathname === `${P.organisations}/${ORG.id}`) return ok({ organisation: ORG });
      if (url.pathname.endsWith('/members') && request.method === 'GET')
        return ok({
          members: [
            member('2', 'Zoe', 'a-zoe@example.com', 'reader'),
            member('1', 'Ann', 'z-ann@example.com', 'owner'),
          ],
        });
      if (url.pathname.includes('/members/') && request.method === 'PUT') {
        changes.push({ path: url.pathname, body: request.body });
        return ok({ member: member('2', 'Zoe', 'a-zoe@example.com', 'owner') });
      }
      if (url.pathname.endsWith('/invitations')) return ok({ invitations: [] });
      if (url.pathname.endsWith('/lists')) return ok({ lists: [] });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp({ path: `/organisations/${ORG.id}` });
    const members = await screen.findByRole('region', { name: 'Members' });
    const table = await within(members).findByRole('table', { name: 'Members and their roles' });
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toEqual(['Example Ann', 'Example Zoe']);
    await user.click(within(table).getByRole('button', { name: /E-mail/ }));
    expect(names()).toEqual(['Example Zoe', 'Example Ann']);
    // Each row's actions are in the row: the role select and Remove, named by the member.
    expect(within(table).getByRole('button', { name: /^Remove ?Example Zoe$/ })).toBeInTheDocument();
    await user.selectOptions(
      within(table).getByRole('combobox', { name: /^Role of .?Example Zoe.?$/ }),
      'owner',
    );
    await waitFor(() =>
      expect(changes).toEqual([{ path: expect.stringMatching(/members\/2$/), body: { role: 'owner' } }]),
    );
    // The scroll region is named by the table and reachable by keyboard.
    expect(within(members).getByRole('region', { name: 'Members and their roles' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });
});
