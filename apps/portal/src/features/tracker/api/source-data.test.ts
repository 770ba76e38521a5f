import { describe, expect, it } from 'vitest';
import { publisherOptions } from './source-options.ts';
import { NO_SOURCE_TRACKINGS, toSourceTrackings } from './source-trackings.ts';

describe('publisher options (spec §3)', () => {
  it('come from publisher_list, de-duplicated by name (the first code wins)', () => {
    expect(
      publisherOptions([
        { code: 'PUB1', name: 'First Publisher' },
        { code: 'PUB2', name: 'Second' },
        { code: 'PUB3', name: 'first publisher ' },
      ]),
    ).toEqual([
      { value: 'PUB1', label: 'First Publisher' },
      { value: 'PUB2', label: 'Second' },
    ]);
  });
});

describe('source trackings (spec §3 "Tracking settings per user")', () => {
  it('reads each kind from its data key; workItems[0] is the string "true" or "false"', () => {
    expect(
      toSourceTrackings({
        contentSourceTrackings: [
          { applicationCode: 'TRACKER', trackingType: 'COMMITTEE', data: { committees: ['D20'] } },
          { applicationCode: 'TRACKER', trackingType: 'INDUSTRYAREA', data: { industryAreas: ['IA-PLA'] } },
          { applicationCode: 'TRACKER', trackingType: 'PUBLISHERS', data: { publishers: ['PUB1'] } },
          { applicationCode: 'TRACKER', trackingType: 'WORKITEM', data: { workItems: ['true'] } },
        ],
      }),
    ).toEqual({ COMMITTEE: ['D20'], INDUSTRYAREA: ['IA-PLA'], PUBLISHERS: ['PUB1'], WORKITEM: true });
  });

  it('an empty result (a non-200 envelope) is nothing tracked', () => {
    expect(toSourceTrackings(undefined)).toEqual(NO_SOURCE_TRACKINGS);
  });
});
