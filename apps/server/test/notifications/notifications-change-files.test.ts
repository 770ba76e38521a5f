import { describe, expect, it } from 'vitest';
import { ChangeFileError, parseChangeFile, parseCsv } from '../../src/modules/notifications/change-files.ts';

const CSV = `id,type,contentCode,assetId,designation,title,publisherCode,committeeDesignation,edition,publishedOn,industryAreas,note,workItemNumber,status,createdOn,summary,compareUrl
e1,new_edition,D638-CC,,D638-22,,,,2022,2022-06-01,,,,,,"Type V removed.
Tolerances tightened.",https://example.org/d638/redline
e2,new_standard,D7000-CC,D7000,D7000-26,"Recycled Plastics, ""Part 1""",PUB1,D20,2026,2026-11-01,PLAS;FIRE,,,,,,
e3,withdrawal,,D638,,,,,,,,"Withdrawn, no replacement",,,,,
e4,new_work_item,,,,Revision of D638,,D20,,,,,WK81234,proposed,2026-01-10,,
e5,work_item_status_change,,,,,,,,,,,WK81234,in_ballot,,,
`;

describe('change files for npm run catalog:changes', () => {
  it('reads CSV rows into the API event shape, quotes and all', () => {
    const events = parseChangeFile('changes.csv', CSV);
    expect(events.map((e) => e.type)).toEqual([
      'new_edition',
      'new_standard',
      'withdrawal',
      'new_work_item',
      'work_item_status_change',
    ]);
    expect(events[1]).toMatchObject({
      standard: { title: 'Recycled Plastics, "Part 1"', industryAreas: ['PLAS', 'FIRE'] },
    });
    expect(events[2]).toMatchObject({ standard: { assetId: 'D638' }, note: 'Withdrawn, no replacement' });
    expect(events[0]).toMatchObject({
      summary: 'Type V removed.\nTolerances tightened.',
      compareUrl: 'https://example.org/d638/redline',
    });
    expect(events[1]?.summary).toBeUndefined();
    expect(parseCsv('a,b\r\n"x\ny",z\r\n')).toEqual([
      ['a', 'b'],
      ['x\ny', 'z'],
    ]);
  });

  it('reads JSON ({events} or an array) and refuses the whole file when one event is bad, naming each problem', () => {
    const ok = parseChangeFile(
      'c.json',
      JSON.stringify([{ id: 'x', type: 'reinstatement', standard: { assetId: 'A' } }]),
    );
    expect(ok).toHaveLength(1);
    const bad = () =>
      parseChangeFile(
        'c.json',
        JSON.stringify({
          events: [
            { id: 'x', type: 'reinstatement', standard: { assetId: 'A' } },
            { id: 'x', type: 'reinstatement', standard: { assetId: 'A' } },
            { id: 'y', type: 'new_edition', standard: { contentCode: 'C' } },
          ],
        }),
      );
    expect(bad).toThrow(ChangeFileError);
    expect(bad).toThrow(/event 2: id x appears twice/);
    expect(bad).toThrow(/event 3: designation/);
    expect(() => parseChangeFile('c.json', '{nope')).toThrow(/not valid JSON/);
  });
});
