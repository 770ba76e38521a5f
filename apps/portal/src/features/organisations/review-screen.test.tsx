import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type OrganisationReview,
  type OrganisationSummary,
  ORGANISATION_PATHS as P,
  ORGANISATION_REVIEW_PATHS as R,
  type ReviewEvent,
} from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import type { ExtraRoutes } from '../../testing/extra-routes.ts';
import { renderApp, stubServer } from '../../testing/render-app.tsx';
import { seedSignedInSession, signedInRoutes } from '../../testing/signed-in.ts';
import { buildTenantConfig, tenantConfigResponse } from '../../testing/tenant-config.ts';

/**
 * One review's page (/organisations/:id/reviews/:reviewId) in the app: the wait while it loads, what the review
 * is about, a reviewer's decision with a note and an evidence link signed off (and shown in the history), a
 * reader who sees the review but no sign-off, a refused sign-off's answer said, and a review that cannot be
 * read said with a retry.
 */

const ORG: OrganisationSummary = {
  id: '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c',
  name: 'Acme Quality',
  description: '',
  role: 'reviewer',
  seats: { limit: 10, used: 3 },
  reviewDueDays: 30,
  createdAt: '2026-11-01T09:00:00Z',
};
const AMAL = { userId: 'u-amal', login: 'amal@example.test', firstName: 'Amal', lastName: 'Haddad' };
const REVIEW: OrganisationReview = {
  id: '41',
  listId: '7',
  listName: 'Suppliers',
  standard: {
    id: '9',
    assetId: 'ISO9001',
    designation: 'ISO 9001:2026',
    title: 'Quality management systems',
  },
  changeKind: 'new_edition',
  change: { edition: '2026' },
  assignee: AMAL,
  openedAt: '2026-11-02T09:00:00Z',
  dueAt: '2026-12-02T09:00:00Z',
  status: 'open',
  overdue: false,
  decision: null,
  note: '',
  evidenceLinks: [],
  signedOffBy: null,
  signedOffAt: null,
};
const OPENED: ReviewEvent = { id: '1', kind: 'opened', actor: null, at: REVIEW.openedAt, detail: {} };
const ok = (value: unknown) => ({ status: 200, body: { status: '200', responseData: { value } } });
const reviewPath = R.review.replace(':organisationId', ORG.id).replace(':reviewId', REVIEW.id);

type Call = { method: string; path: string; body: unknown };

/**
 * The server of one organisation (the caller's `role`) and its review; `review` answers the review's GET,
 * `signOff` its sign-off (by default: signed off as asked, the decision in the history).
 */
function serve(
  role: OrganisationSummary['role'],
  calls: Call[],
  answers: { review?: ExtraRoutes; signOff?: ExtraRoutes } = {},
) {
  let detail = { review: REVIEW, history: [OPENED] };
  const signOff: ExtraRoutes = (_url, request) => {
    const body = request.body as {
      decision: OrganisationReview['decision'];
      note: string;
      evidenceLinks: string[];
    };
    const signedOffAt = '2026-11-20T15:30:00Z';
    detail = {
      review: { ...REVIEW, ...body, status: 'signed_off', signedOffBy: AMAL, signedOffAt },
      history: [
        OPENED,
        { id: '2', kind: 'decided', actor: AMAL, at: signedOffAt, detail: body },
        { id: '3', kind: 'signed_off', actor: AMAL, at: signedOffAt, detail: {} },
      ],
    };
    return ok(detail);
  };
  seedSignedInSession();
  stubServer(
    { status: 200, body: tenantConfigResponse(buildTenantConfig()) },
    signedInRoutes({
      more: async (url, request) => {
        calls.push({ method: request.method, path: url.pathname, body: request.body });
        if (url.pathname === `${P.organisations}/${ORG.id}`) return ok({ organisation: { ...ORG, role } });
        if (url.pathname.endsWith('/members')) return ok({ members: [] });
        if (url.pathname === reviewPath && request.method === 'GET')
          return (await answers.review?.(url, request)) ?? ok(detail);
        if (url.pathname === `${reviewPath}/sign-off`) return (answers.signOff ?? signOff)(url, request);
        return undefined;
      },
    }),
  );
}

/** A promise and the function that settles it: holds an answer back until the test lets it go. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const openReview = () => renderApp({ path: `/organisations/${ORG.id}/reviews/${REVIEW.id}` });

describe('a review’s page', { timeout: 20_000 }, () => {
  it('says it is loading, then shows the change, the list, the assignee and the due date', async () => {
    const held = gate();
    serve('reviewer', [], {
      review: async () => {
        await held.opened;
        return undefined;
      },
    });
    openReview();
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
    held.open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review of ISO 9001:2026' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(screen.getByText('Suppliers')).toBeInTheDocument();
    expect(screen.getByText('Haddad Amal')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Opened by the change')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the organisation' })).toHaveAttribute(
      'href',
      `/organisations/${ORG.id}`,
    );
  });

  it('a reviewer decides, writes a note and an evidence link, and signs off: the history shows them', async () => {
    const calls: Call[] = [];
    serve('reviewer', calls);
    const user = userEvent.setup();
    openReview();
    const decision = await screen.findByRole('group', { name: 'Decision' });
    const signOff = screen.getByRole('button', { name: 'Sign off' });
    // No decision, no sign-off.
    expect(signOff).toBeDisabled();
    await user.click(within(decision).getByRole('radio', { name: 'Action needed' }));
    await user.type(screen.getByLabelText('Note'), 'Supplier audit checklist to be updated');
    await user.type(
      screen.getByLabelText('Evidence links (one per line, http or https)'),
      '  https://docs.example.test/qms/7-5-3  {Enter}{Enter}',
    );
    await user.click(signOff);

    const signOffs = () => calls.filter((c) => c.path.endsWith('/sign-off'));
    await waitFor(() => expect(signOffs()).toHaveLength(1));
    expect(signOffs()[0]).toEqual({
      method: 'POST',
      path: `${reviewPath}/sign-off`,
      body: {
        decision: 'action_needed',
        note: 'Supplier audit checklist to be updated',
        evidenceLinks: ['https://docs.example.test/qms/7-5-3'],
      },
    });
    expect(await screen.findByText('Review signed off')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Decision recorded')).toBeInTheDocument();
    expect(within(history).getByText('Supplier audit checklist to be updated')).toBeInTheDocument();
    expect(
      within(history).getByRole('link', { name: 'https://docs.example.test/qms/7-5-3' }),
    ).toHaveAttribute('href', 'https://docs.example.test/qms/7-5-3');
    expect(screen.getByText(/^Action needed · signed off by Haddad Amal on /)).toBeInTheDocument();
    // Signed off: the decision form is gone.
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
  });

  it('a reader sees the review and its history, but no decision, sign-off or comment', async () => {
    serve('reader', []);
    openReview();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review of ISO 9001:2026' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'History' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Decision' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reassign' })).not.toBeInTheDocument();
  });

  it('a refused sign-off says the server’s answer and leaves the review open', async () => {
    const calls: Call[] = [];
    serve('reviewer', calls, {
      signOff: () => ({
        status: 403,
        body: {
          status: '403',
          error: 'forbidden',
          message: 'Only the assigned reviewer may sign this review off.',
        },
      }),
    });
    const user = userEvent.setup();
    openReview();
    await user.click(await screen.findByRole('radio', { name: 'Not affected' }));
    await user.click(await screen.findByRole('button', { name: 'Sign off' }));
    expect(
      await screen.findByText('Only the assigned reviewer may sign this review off.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Review signed off')).not.toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    // The answer's toast is raised by the refusal itself; the button leaves "Working…" on the render after it.
    expect(await screen.findByRole('button', { name: 'Sign off' })).toBeEnabled();
  });

  it('a review that cannot be read is said, with a retry that shows it', async () => {
    let failures = 1;
    serve('reviewer', [], {
      review: () =>
        failures-- > 0
          ? { status: 503, body: { status: '503', error: 'unavailable', message: 'Try later.' } }
          : undefined,
    });
    const user = userEvent.setup();
    openReview();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent('Try later.');
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
    await user.click(retry);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review of ISO 9001:2026' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign off' })).toBeInTheDocument();
  });
});
