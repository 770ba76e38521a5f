import { ORGANISATION_REVIEW_PATHS as R } from '@trackwell/contracts';
import { addStandardToList, applyCatalogEvent } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, makeOrganisation, path, type TestOrganisation } from '../support/organisation-world.ts';
import type { TestUser } from '../support/tracker-fixtures.ts';
import { a, b, catA, expectError, std, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * Organisation reviews through the API: a new edition of a standard on a list opens a review for the list's
 * responsible person; members read it with its history; the assignee decides and signs off; comments,
 * reassignment, reopening and the review policy follow the role table; someone outside the organisation (or
 * the store) gets 404, a role that may not 403, bad input 400 naming the field, and a refusal changes nothing.
 */
useTrackerWorld();

let org: TestOrganisation;
let other: TestOrganisation;
let stranger: TestUser;
let otherStoreUser: TestUser;
let reviewId: string;
const RULES = { standard: true, committee: true, industryArea: true, publisher: true, workItem: true };

const ids = () => ({ organisationId: org.id, reviewId });
const url = (template: string) => path(template, ids());

/** Every review table as text: equal before and after means a refused call changed nothing. */
async function reviewTables(): Promise<string> {
  const { rows } = await t.app.db.query<{ r: string | null; e: string | null; o: string | null }>(
    `SELECT (SELECT string_agg(x::text, '|' ORDER BY x.id) FROM organisation_reviews x) AS r,
            (SELECT string_agg(x::text, '|' ORDER BY x.id) FROM organisation_review_events x) AS e,
            (SELECT string_agg(x.review_due_days::text, '|' ORDER BY x.id) FROM organisations x) AS o`,
  );
  return JSON.stringify(rows[0]);
}

beforeAll(async () => {
  org = await makeOrganisation(a, 'Review Works');
  other = await makeOrganisation(a, 'Elsewhere Ltd');
  stranger = await a.createUser();
  otherStoreUser = await b.createUser();
  const s = std(catA, 2);
  await t.app.db.transaction((tx) => addStandardToList(tx, a.tenant.id, org.listId, s.id));
  const applied = await applyCatalogEvent(
    t.app.db,
    a.tenant.id,
    {
      id: 'review-edition-1',
      type: 'new_edition',
      standard: { contentCode: s.contentCode },
      designation: 'S2-26',
      edition: '2026',
      publishedOn: '2026-01-15',
    },
    { source: 'api', rules: RULES },
  );
  expect(applied.result.outcome).toBe('applied');
  const listed = await callAs(
    a,
    org.byRole.reviewer,
    'GET',
    `${path(R.reviews, { organisationId: org.id })}?assignee=me`,
  );
  reviewId = listed.json().responseData.value.reviews[0].id;
});

describe('organisation reviews API', () => {
  it('a new edition opens a review for the list’s responsible person, listed and read with its history', async () => {
    const res = await callAs(
      a,
      org.byRole.reader,
      'GET',
      `${path(R.reviews, { organisationId: org.id })}?status=open`,
    );
    expect(res.statusCode).toBe(200);
    const page = res.json().responseData.value;
    expect(page).toMatchObject({ total: 1, offset: 0, limit: 25 });
    expect(page.reviews[0]).toMatchObject({
      listName: 'Review Works list',
      standard: { designation: 'S2-26' },
      changeKind: 'new_edition',
      change: { edition: '2026' },
      assignee: { userId: org.byRole.reviewer.id },
      status: 'open',
      overdue: false,
      decision: null,
    });
    const days = (Date.parse(page.reviews[0].dueAt) - Date.parse(page.reviews[0].openedAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const one = await callAs(a, org.byRole.reader, 'GET', url(R.review));
    expect(one.json().responseData.value.history.map((e: { kind: string }) => e.kind)).toEqual(['opened']);
    const none = await callAs(
      a,
      org.owner,
      'GET',
      `${path(R.reviews, { organisationId: org.id })}?status=signed_off`,
    );
    expect(none.json().responseData.value.total).toBe(0);
  });

  it('outside the organisation or the store: 404 on every review route, nothing changed', async () => {
    const before = await reviewTables();
    const calls = [
      ['GET', url(R.reviews)],
      ['GET', url(R.review)],
      ['POST', url(R.signOff), { decision: 'affected' }],
      ['POST', url(R.comments), { text: 'hello' }],
      ['PUT', url(R.assignee), { assigneeUserId: org.owner.id }],
      ['POST', url(R.reopen), {}],
      ['PUT', url(R.policy), { reviewDueDays: 5 }],
    ] as const;
    for (const [method, target, payload] of calls) {
      expectError(await callAs(a, other.owner, method, target, payload), 404);
      expectError(await callAs(a, stranger, method, target, payload), 404);
      expect((await callAs(b, otherStoreUser, method, target, payload)).statusCode).toBe(404);
    }
    // Another organisation's review id under one's own organisation is 404 too.
    const foreign = path(R.review, { organisationId: other.id, reviewId });
    expectError(await callAs(a, other.owner, 'GET', foreign), 404);
    expect(await reviewTables()).toBe(before);
  });

  it('per role: a reader neither signs off nor comments, a reviewer signs off only their own, 403 and nothing changed', async () => {
    const before = await reviewTables();
    expectError(await callAs(a, org.byRole.reader, 'POST', url(R.signOff), { decision: 'affected' }), 403);
    expectError(await callAs(a, org.byRole.reader, 'POST', url(R.comments), { text: 'x' }), 403);
    for (const role of ['reader', 'reviewer'] as const) {
      expectError(
        await callAs(a, org.byRole[role], 'PUT', url(R.assignee), { assigneeUserId: org.owner.id }),
        403,
      );
      expectError(await callAs(a, org.byRole[role], 'POST', url(R.reopen), {}), 403);
    }
    for (const role of ['editor', 'reviewer', 'reader'] as const)
      expectError(await callAs(a, org.byRole[role], 'PUT', url(R.policy), { reviewDueDays: 5 }), 403);
    expect(await reviewTables()).toBe(before);
  });

  it('bad input: 400 naming the field, nothing changed', async () => {
    const before = await reviewTables();
    const cases = [
      [url(R.signOff), { decision: 'maybe' }, 'body.decision'],
      [
        url(R.signOff),
        { decision: 'affected', evidenceLinks: ['javascript:alert(1)'] },
        'body.evidenceLinks.0',
      ],
      [
        url(R.signOff),
        { decision: 'affected', evidenceLinks: Array(11).fill('https://x.test/') },
        'body.evidenceLinks',
      ],
      [url(R.comments), { text: '   ' }, 'body.text'],
    ] as const;
    for (const [target, payload, field] of cases) {
      const body = expectError(await callAs(a, org.byRole.reviewer, 'POST', target, payload), 400);
      expect(body.issues?.map((i) => i.path)).toContain(field);
    }
    const policy = expectError(await callAs(a, org.owner, 'PUT', url(R.policy), { reviewDueDays: 366 }), 400);
    expect(policy.issues?.map((i) => i.path)).toContain('body.reviewDueDays');
    const reader = expectError(
      await callAs(a, org.owner, 'PUT', url(R.assignee), { assigneeUserId: org.byRole.reader.id }),
      400,
    );
    expect(reader.issues?.map((i) => i.path)).toContain('assigneeUserId');
    expectError(
      await callAs(a, org.owner, 'GET', path(R.review, { organisationId: org.id, reviewId: 'abc' })),
      400,
    );
    expectError(
      await callAs(a, org.owner, 'GET', path(R.review, { organisationId: org.id, reviewId: '999999' })),
      404,
    );
    expect(await reviewTables()).toBe(before);
  });

  it('comment, reassign, sign off, reopen: each in the history with its actor, the first sign-off kept', async () => {
    const commented = await callAs(a, org.byRole.reviewer, 'POST', url(R.comments), {
      text: 'Checking clause 5',
    });
    expect(commented.statusCode).toBe(200);
    // The editor hands it to themselves, then back to the reviewer.
    const toEditor = await callAs(a, org.byRole.editor, 'PUT', url(R.assignee), {
      assigneeUserId: org.byRole.editor.id,
    });
    expect(toEditor.json().responseData.value.review.assignee.userId).toBe(org.byRole.editor.id);
    expectError(await callAs(a, org.byRole.reviewer, 'POST', url(R.signOff), { decision: 'affected' }), 403);
    await callAs(a, org.byRole.editor, 'PUT', url(R.assignee), { assigneeUserId: org.byRole.reviewer.id });
    const signed = await callAs(a, org.byRole.reviewer, 'POST', url(R.signOff), {
      decision: 'not_affected',
      note: 'We do not use clause 7.',
      evidenceLinks: ['https://intranet.example.test/qms/123'],
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().responseData.value.review).toMatchObject({
      status: 'signed_off',
      decision: 'not_affected',
      signedOffBy: { userId: org.byRole.reviewer.id },
    });
    const before = await reviewTables();
    expect(
      expectError(await callAs(a, org.owner, 'POST', url(R.signOff), { decision: 'affected' }), 409).error,
    ).toBe('signed_off');
    expect(await reviewTables()).toBe(before);
    const reopened = await callAs(a, org.owner, 'POST', url(R.reopen), { reason: 'Auditor asked' });
    const value = reopened.json().responseData.value;
    expect(value.review).toMatchObject({ status: 'open', signedOffBy: null, decision: 'not_affected' });
    expect(value.history.map((e: { kind: string }) => e.kind)).toEqual([
      'opened',
      'commented',
      'reassigned',
      'reassigned',
      'decided',
      'signed_off',
      'reopened',
    ]);
    expect(value.history[5].actor.userId).toBe(org.byRole.reviewer.id);
    expect(value.history[1].detail).toEqual({ text: 'Checking clause 5' });
    expectError(await callAs(a, org.owner, 'POST', url(R.reopen), {}), 409);
  });

  it('an owner sets the review policy; the organisation answers it', async () => {
    const res = await callAs(a, org.owner, 'PUT', url(R.policy), { reviewDueDays: 14 });
    expect(res.json().responseData.value).toEqual({ reviewDueDays: 14 });
    const read = await callAs(
      a,
      org.byRole.reader,
      'GET',
      path('/api/organisations/v1/organisations/:organisationId', ids()),
    );
    expect(read.json().responseData.value.organisation.reviewDueDays).toBe(14);
  });
});
