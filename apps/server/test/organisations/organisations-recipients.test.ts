import {
  type CatalogEvent,
  LIST_RECIPIENT_UNSUBSCRIBE_PATH,
  LIST_RECIPIENTS_MAX,
  ORGANISATION_EVIDENCE_PATHS,
} from '@trackwell/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createListRecipientMailer } from '../../src/modules/notifications/list-recipient-mails.ts';
import { keptMail, mailContent, useOrganisationWorld } from '../support/organisation-mail-world.ts';
import {
  callAs,
  makeOrganisation,
  organisationTables,
  path,
  type TestOrganisation,
} from '../support/organisation-world.ts';
import { a, b, expectError, t } from '../support/tracker-world.ts';

/**
 * A list's outside recipients: owners and editors add and remove addresses (once each, at most 50, valid
 * ones), every member sees them; a change to a standard on the list e-mails each subscribed address once,
 * in the store's language, with RFC 8058 one-click unsubscribe; the unsubscribe page's POST stops them.
 */
const world = useOrganisationWorld('Recipients Co', { standard: 1 });
let org: TestOrganisation;
let other: TestOrganisation;
const recipients = (o: TestOrganisation, listId = o.listId) =>
  path(ORGANISATION_EVIDENCE_PATHS.recipients, { organisationId: o.id, listId });
const recipient = (o: TestOrganisation, recipientId: string) =>
  path(ORGANISATION_EVIDENCE_PATHS.recipient, { organisationId: o.id, listId: o.listId, recipientId });
const emails = (res: { json(): { responseData: { value: { recipients: Array<{ email: string }> } } } }) =>
  res.json().responseData.value.recipients.map((r) => r.email);
const mailRows = async () =>
  (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM organisation_list_mails')).rows[0]!.n;

/** The worker's mailer, sending into `sent`. */
function mailer() {
  const { sent, transport } = keptMail();
  return {
    sent,
    ...createListRecipientMailer({ db: t.app.db, env: t.app.env, transport, content: mailContent() }),
  };
}

let eventNo = 0;
const reaffirm = (n: number, id = `rcpt-${++eventNo}`) =>
  t.app.notifications.publish(
    a.tenant.id,
    [{ id, type: 'reaffirmation', standard: { assetId: `s-${n}` } } as CatalogEvent],
    'api',
  );

beforeAll(async () => {
  org = world.org;
  other = await makeOrganisation(a, 'Recipients Other');
});

describe('outside recipients of a list', () => {
  it('an editor adds addresses (trimmed, lower case); every member sees them; the same address twice is 409', async () => {
    const added = await callAs(a, org.byRole.editor, 'POST', recipients(org), {
      email: '  Auditor@Example.TEST ',
    });
    expect(added.statusCode).toBe(200);
    expect(emails(added)).toEqual(['auditor@example.test']);
    await callAs(a, org.owner, 'POST', recipients(org), { email: 'quality@supplier.test' });
    const seen = await callAs(a, org.byRole.reader, 'GET', recipients(org));
    expect(seen.json().responseData.value).toMatchObject({
      limit: LIST_RECIPIENTS_MAX,
      recipients: [
        { email: 'auditor@example.test', unsubscribedAt: null },
        { email: 'quality@supplier.test', unsubscribedAt: null },
      ],
    });
    const before = await organisationTables();
    const again = expectError(
      await callAs(a, org.byRole.editor, 'POST', recipients(org), { email: 'AUDITOR@example.test' }),
      409,
    );
    expect(again.error).toBe('recipient_taken');
    expect(await organisationTables()).toBe(before);
  });

  it('readers and reviewers 403; outsiders, another organisation’s list and another store 404; nothing changed', async () => {
    const body = { email: 'x@example.test' };
    const count = async () =>
      (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM organisation_list_recipients'))
        .rows[0]!.n;
    const before = await count();
    expectError(await callAs(a, org.byRole.reader, 'POST', recipients(org), body), 403);
    expectError(await callAs(a, org.byRole.reviewer, 'POST', recipients(org), body), 403);
    expectError(await callAs(a, await a.createUser(), 'POST', recipients(org), body), 404);
    expectError(await callAs(a, await a.createUser(), 'GET', recipients(org)), 404);
    expectError(await callAs(a, other.owner, 'POST', recipients(org), body), 404);
    expectError(await callAs(a, org.owner, 'POST', recipients(org, other.listId), body), 404);
    expectError(await callAs(b, await b.createUser(), 'GET', recipients(org)), 404);
    const listed = (await callAs(a, org.owner, 'GET', recipients(org))).json().responseData.value.recipients;
    expectError(await callAs(a, org.byRole.reader, 'DELETE', recipient(org, listed[0].id)), 403);
    expectError(await callAs(a, other.owner, 'DELETE', recipient(org, listed[0].id)), 404);
    expect(await count()).toBe(before);
  });

  it.each([
    ['not an address', 'not-an-email'],
    ['a NUL byte', 'nul\u0000@example.test'],
    ['over 254 characters', `${'a'.repeat(250)}@example.test`],
    ['a line break', 'a@example.test\r\nBcc: b@example.test'],
    ['no address', ''],
  ])('400 naming email for %s', async (_what, email) => {
    const body = expectError(await callAs(a, org.owner, 'POST', recipients(org), { email }), 400);
    expect(body.issues?.map((i) => i.path).join(' ')).toMatch(/email/);
  });

  it('400 for a field it does not know, and for a recipient id that is not one', async () => {
    expectError(
      await callAs(a, org.owner, 'POST', recipients(org), { email: 'y@example.test', role: 'x' }),
      400,
    );
    expectError(await callAs(a, org.owner, 'DELETE', recipient(org, 'not-a-uuid')), 400);
  });

  it(`at most ${LIST_RECIPIENTS_MAX} subscribed addresses per list (409 after)`, async () => {
    const listId = other.listId;
    for (let i = 0; i < LIST_RECIPIENTS_MAX; i++)
      expect(
        (await callAs(a, other.owner, 'POST', recipients(other, listId), { email: `r${i}@example.test` }))
          .statusCode,
      ).toBe(200);
    const past = expectError(
      await callAs(a, other.owner, 'POST', recipients(other, listId), { email: 'one-more@example.test' }),
      409,
    );
    expect(past.error).toBe('recipient_limit');
  });

  it('a change to a standard on the list e-mails each address once, with one-click unsubscribe', async () => {
    await reaffirm(1, 'rcpt-once');
    expect(await mailRows()).toBe(2);
    await reaffirm(1, 'rcpt-once'); // the same change delivered again queues nothing
    await reaffirm(2); // not on the list
    expect(await mailRows()).toBe(2);
    const m = mailer();
    expect(await m.run()).toEqual({ sent: 2, failed: 0 });
    expect(m.sent.map((s) => s.to).sort()).toEqual(['auditor@example.test', 'quality@supplier.test']);
    const mail = m.sent[0]!;
    expect(mail.subject).toBe('Recipients Co list: S1-24 reaffirmed');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /<(https?:\/\/[^>]+)>/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(link).toContain(`${LIST_RECIPIENT_UNSUBSCRIBE_PATH}?t=`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(
      'A standard on the watch list Recipients Co list of Recipients Co has changed:',
    );
    expect(await m.run()).toEqual({ sent: 0, failed: 0 });
  });

  it('the link’s GET changes nothing, its POST unsubscribes; the address stays listed and gets nothing more', async () => {
    const m = mailer();
    await reaffirm(1);
    await m.run();
    const mail = m.sent.find((s) => s.to === 'quality@supplier.test')!;
    const url = new URL(/<(https?:\/\/[^>]+)>/.exec(mail.headers!['List-Unsubscribe']!)![1]!);
    const target = `${url.pathname}${url.search}`;
    const page = await a.call(null, { method: 'GET', url: target });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('quality@supplier.test');
    const listed = async () =>
      (await callAs(a, org.owner, 'GET', recipients(org))).json().responseData.value.recipients;
    expect((await listed()).every((r: { unsubscribedAt: string | null }) => r.unsubscribedAt === null)).toBe(
      true,
    );
    const done = await a.call(null, {
      method: 'POST',
      url: target,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    const gone = (await listed()).find((r: { email: string }) => r.email === 'quality@supplier.test');
    expect(gone.unsubscribedAt).not.toBeNull();
    await reaffirm(1);
    const next = mailer();
    await next.run();
    expect(next.sent.map((s) => s.to)).toEqual(['auditor@example.test']);
    // Its choice is kept: not removed, not added again.
    expect(expectError(await callAs(a, org.owner, 'DELETE', recipient(org, gone.id)), 409).error).toBe(
      'recipient_unsubscribed',
    );
    expect(
      expectError(
        await callAs(a, org.owner, 'POST', recipients(org), { email: 'quality@supplier.test' }),
        409,
      ).error,
    ).toBe('recipient_unsubscribed');
    // Another store's host, or a forged token: the invalid-link page, 400.
    expect((await b.call(null, { method: 'POST', url: target })).statusCode).toBe(400);
    expect(
      (
        await a.call(null, {
          method: 'GET',
          url: `${LIST_RECIPIENT_UNSUBSCRIBE_PATH}?t=${url.searchParams.get('t')!.slice(0, -2)}xx`,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('an editor removes a subscribed address', async () => {
    const listed = (await callAs(a, org.owner, 'GET', recipients(org))).json().responseData.value.recipients;
    const auditor = listed.find((r: { email: string }) => r.email === 'auditor@example.test');
    const res = await callAs(a, org.byRole.editor, 'DELETE', recipient(org, auditor.id));
    expect(emails(res)).toEqual(['quality@supplier.test']);
    expectError(await callAs(a, org.byRole.editor, 'DELETE', recipient(org, auditor.id)), 404);
  });
});
