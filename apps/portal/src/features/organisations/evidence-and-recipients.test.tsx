import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type OrganisationSummary, ORGANISATION_PATHS as P } from '@trackwell/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubServer } from '../../testing/render-app.tsx';
import { seedSignedInSession, signedInRoutes } from '../../testing/signed-in.ts';
import { buildTenantConfig, tenantConfigResponse } from '../../testing/tenant-config.ts';
import { lastTwelveMonths } from './components/evidence-report.tsx';

/**
 * On a list's panel: the evidence report (a period, the last 12 months at first, and a format, then the
 * download) for owners, editors and reviewers; the outside recipients for every member, added and removed
 * by owners and editors, an unsubscribed address marked and kept.
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
const LIST = { id: '7', name: 'Suppliers', responsible: null, standardCount: 0, createdAt: ORG.createdAt };
const ok = (value: unknown) => ({ status: 200, body: { status: '200', responseData: { value } } });
const base = `${P.organisations}/${ORG.id}/lists/7`;
const at = '2026-11-02T09:00:00.000Z';

function serve(role: OrganisationSummary['role'], calls: Array<{ url: URL; method: string; body: unknown }>) {
  let recipients = [
    {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      email: 'auditor@example.test',
      addedAt: at,
      unsubscribedAt: null,
    },
    {
      id: 'a1b2c3d4-0000-4000-8000-000000000002',
      email: 'gone@example.test',
      addedAt: at,
      unsubscribedAt: at,
    },
  ];
  seedSignedInSession();
  stubServer(
    { status: 200, body: tenantConfigResponse(buildTenantConfig()) },
    signedInRoutes({
      more: (url, request) => {
        calls.push({ url, method: request.method, body: request.body });
        if (url.pathname === `${P.organisations}/${ORG.id}`) return ok({ organisation: { ...ORG, role } });
        if (url.pathname.endsWith('/members')) return ok({ members: [] });
        if (url.pathname.endsWith('/invitations')) return ok({ invitations: [] });
        if (url.pathname === `${P.organisations}/${ORG.id}/lists`) return ok({ lists: [LIST] });
        if (url.pathname === base) return ok({ list: { ...LIST, standards: [] } });
        if (url.pathname === `${base}/evidence`) return { status: 200, body: 'report' };
        if (url.pathname === `${base}/recipients` && request.method === 'POST') {
          const { email } = request.body as { email: string };
          recipients = [
            ...recipients,
            { id: 'a1b2c3d4-0000-4000-8000-000000000003', email, addedAt: at, unsubscribedAt: null },
          ];
        }
        if (url.pathname.startsWith(`${base}/recipients/`) && request.method === 'DELETE')
          recipients = recipients.filter((r) => !url.pathname.endsWith(r.id));
        if (url.pathname.startsWith(`${base}/recipients`)) return ok({ recipients, limit: 50 });
        return undefined;
      },
    }),
  );
}

async function openList() {
  const user = userEvent.setup();
  renderApp({ path: `/organisations/${ORG.id}` });
  const lists = await screen.findByRole('region', { name: 'Watch lists' });
  await user.click(await within(lists).findByRole('button', { name: /Show standards/ }));
  return { user, lists };
}

afterEach(() => vi.restoreAllMocks());

describe('a list’s evidence report and outside recipients', { timeout: 20_000 }, () => {
  it('the owner downloads the report for the last 12 months as CSV, in the page’s language', async () => {
    const calls: Array<{ url: URL; method: string; body: unknown }> = [];
    serve('owner', calls);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:r'), revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = await openList();
    const report = await screen.findByRole('region', { name: 'Evidence report' });
    const { from, to } = lastTwelveMonths();
    expect(within(report).getByLabelText('From')).toHaveValue(from);
    expect(within(report).getByLabelText('To')).toHaveValue(to);
    await user.selectOptions(within(report).getByLabelText('File format'), 'CSV');
    await user.click(within(report).getByRole('button', { name: 'Download report' }));
    await waitFor(() => expect(clicked).toEqual(['evidence.csv']));
    const asked = calls.find((c) => c.url.pathname === `${base}/evidence`)!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ from, to, format: 'csv', lang: 'en' });
  });

  it('the owner adds and removes outside addresses; an unsubscribed one is marked and cannot be removed', async () => {
    const calls: Array<{ url: URL; method: string; body: unknown }> = [];
    serve('owner', calls);
    const { user } = await openList();
    const section = await screen.findByRole('region', { name: 'Outside recipients' });
    expect(await within(section).findByText('auditor@example.test', { selector: 'bdi' })).toBeInTheDocument();
    const gone = within(section).getByText('gone@example.test', { selector: 'bdi' }).closest('li')!;
    expect(within(gone).getByText('Unsubscribed')).toBeInTheDocument();
    expect(within(gone).queryByRole('button')).not.toBeInTheDocument();
    await user.type(within(section).getByLabelText('E-mail address'), 'new@example.test');
    await user.click(within(section).getByRole('button', { name: 'Add address' }));
    expect(await within(section).findByText('new@example.test', { selector: 'bdi' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === `${base}/recipients`)?.body).toEqual({
      email: 'new@example.test',
    });
    await user.click(within(section).getByRole('button', { name: /^Remove\s*auditor@example\.test$/ }));
    await waitFor(() =>
      expect(
        within(section).queryByText('auditor@example.test', { selector: 'bdi' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('a reader sees the recipients but neither the report nor the forms', async () => {
    serve('reader', []);
    await openList();
    const section = await screen.findByRole('region', { name: 'Outside recipients' });
    expect(await within(section).findByText('auditor@example.test', { selector: 'bdi' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add address' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Evidence report' })).not.toBeInTheDocument();
  });
});
