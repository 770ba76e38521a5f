import { beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  makeOrganisation,
  organisationTables,
  P,
  path,
  type TestOrganisation,
} from '../support/organisation-world.ts';
import { insertDesignationForms } from '../support/tracker-fixtures.ts';
import { a, catA, expectError, rowCount, std, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * An organisation's named watch lists: editors create them with a responsible person (a member), add and
 * remove standards by asset id or by designation (the tracker's designation rule), rename and delete them;
 * every member sees them; a member's personal list is untouched.
 */
useTrackerWorld();

let org: TestOrganisation;
const lists = () => path(P.lists, { organisationId: org.id });
const list = (listId: string) => path(P.list, { organisationId: org.id, listId });
const standards = (listId: string) => path(P.listStandards, { organisationId: org.id, listId });

beforeAll(async () => {
  org = await makeOrganisation(a, 'List Makers');
  await insertDesignationForms(t.app.db, a.tenant.id);
});

describe('organisation lists', () => {
  it('an editor creates a list with a responsible member; every member sees it', async () => {
    const res = await callAs(a, org.byRole.editor, 'POST', lists(), {
      name: '  Suppliers  ',
      responsibleUserId: org.byRole.reader.id,
    });
    const created = res.json().responseData.value.list;
    expect(created).toMatchObject({
      name: 'Suppliers',
      responsible: { userId: org.byRole.reader.id, login: org.byRole.reader.login },
      standardCount: 0,
      standards: [],
    });
    const seen = await callAs(a, org.byRole.reader, 'GET', lists());
    expect(seen.json().responseData.value.lists.map((l: { name: string }) => l.name)).toEqual([
      'List Makers list',
      'Suppliers',
    ]);
  });

  it('refuses a responsible person who is not a member (400) and a name taken (409), changing nothing', async () => {
    const outsider = await a.createUser();
    const before = await organisationTables();
    expectError(
      await callAs(a, org.owner, 'POST', lists(), { name: 'Another', responsibleUserId: outsider.id }),
      400,
    );
    expectError(
      await callAs(a, org.owner, 'POST', lists(), { name: 'SUPPLIERS', responsibleUserId: org.owner.id }),
      409,
    );
    expect(await organisationTables()).toBe(before);
  });

  it('adds standards by asset id and by designation as a person writes it; adding twice keeps one row', async () => {
    const byAsset = await callAs(a, org.byRole.editor, 'POST', standards(org.listId), {
      assetId: std(catA, 3).assetId,
    });
    expect(byAsset.json().responseData.value.list.standards).toEqual([
      expect.objectContaining({ assetId: 's-3', designation: 'S3-24' }),
    ]);
    const again = await callAs(a, org.byRole.editor, 'POST', standards(org.listId), { assetId: 's-3' });
    expect(again.json().responseData.value.list.standardCount).toBe(1);
    // "ASTM D6385-22" is in the catalogue as "D6385-22": the designation rule finds it.
    const byDesignation = await callAs(a, org.owner, 'POST', standards(org.listId), {
      designation: 'astm d 6385-22',
    });
    expect(byDesignation.statusCode).toBe(200);
    expect(
      byDesignation
        .json()
        .responseData.value.list.standards.map((s: { designation: string }) => s.designation),
    ).toContain('D6385-22');
    expectError(await callAs(a, org.owner, 'POST', standards(org.listId), { designation: 'XYZ 99999' }), 404);
    expectError(await callAs(a, org.owner, 'POST', standards(org.listId), { assetId: 'no-such-asset' }), 404);
  });

  it('removes a standard, renames and deletes a list; the members’ personal lists are untouched', async () => {
    const personal = await rowCount(org.byRole.editor.id);
    const detail = await callAs(a, org.byRole.reviewer, 'GET', list(org.listId));
    const [first] = detail.json().responseData.value.list.standards as Array<{ standardId: string }>;
    const removed = await callAs(
      a,
      org.byRole.editor,
      'DELETE',
      path(P.listStandard, { organisationId: org.id, listId: org.listId, standardId: first!.standardId }),
    );
    expect(removed.json().responseData.value).toEqual({ removed: true });
    const renamed = await callAs(a, org.byRole.editor, 'PATCH', list(org.listId), { name: 'Renamed list' });
    expect(renamed.json().responseData.value.list.name).toBe('Renamed list');
    expect((await callAs(a, org.owner, 'DELETE', list(org.listId))).statusCode).toBe(200);
    expectError(await callAs(a, org.owner, 'GET', list(org.listId)), 404);
    expect(await rowCount(org.byRole.editor.id)).toBe(personal);
  });
});
