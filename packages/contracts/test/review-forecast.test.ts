import { describe, expect, it } from 'vitest';
import {
  addMonths,
  addYears,
  DEFAULT_FORECAST_RULES,
  dueWithinMonths,
  effectiveRules,
  type ForecastInput,
  forecastReview,
  forecastRule,
  forecastRules,
  reviewAlertDue,
  ruleFor,
} from '../src/index.ts';

const day = (on: string) => ({ on, precision: 'day' as const });
const month = (on: string) => ({ on: `${on}-01`, precision: 'month' as const });
const year = (y: string) => ({ on: `${y}-01-01`, precision: 'year' as const });

const standard = (over: Partial<ForecastInput>): ForecastInput => ({
  publisherCode: 'ISO',
  designation: 'ISO 9001:2015',
  status: 'active',
  publishedOn: day('2015-09-15'),
  ...over,
});
const forecast = (over: Partial<ForecastInput>) => forecastReview(standard(over), DEFAULT_FORECAST_RULES);

describe('the default rule of each publisher', () => {
  it('ISO and IEC review a standard 5 years after publication', () => {
    expect(forecast({ publishedOn: month('2022-03') })).toEqual({
      dueOn: '2027-03',
      kind: 'systematic-review',
      rule: 'ISO',
      basis: 'publication',
      from: '2022-03',
    });
    expect(forecast({ publisherCode: 'IEC', publishedOn: day('2020-06-30') })?.dueOn).toBe('2025-06-30');
  });

  it('CEN reviews 5 years after publication', () => {
    expect(forecast({ publisherCode: 'CEN', publishedOn: year('2019') })).toMatchObject({
      dueOn: '2024',
      kind: 'systematic-review',
    });
  });

  it('ASTM: reapproval due within 5 years, administrative withdrawal after 8 without action', () => {
    expect(
      forecast({ publisherCode: 'ASTM', designation: 'D638-22', publishedOn: month('2022-12') }),
    ).toEqual({
      dueOn: '2027-12',
      withdrawalDueOn: '2030-12',
      kind: 'reapproval',
      rule: 'ASTM',
      basis: 'publication',
      from: '2022-12',
    });
  });

  it('IEEE: revision or reaffirmation within 10 years', () => {
    expect(forecast({ publisherCode: 'IEEE', publishedOn: year('2018') })).toMatchObject({
      dueOn: '2028',
      kind: 'reaffirmation',
      rule: 'IEEE',
    });
  });

  it('a joint code uses its first publisher, and a publisher without a rule has no forecast', () => {
    expect(forecast({ publisherCode: 'ISO/IEC', publishedOn: year('2022') })?.rule).toBe('ISO');
    expect(forecast({ publisherCode: 'iso', publishedOn: year('2022') })?.rule).toBe('ISO');
    expect(forecast({ publisherCode: 'DIN' })).toBeNull();
  });
});

describe('dates keep their precision', () => {
  it('a year-only publication gives a year-only due date, a month a month', () => {
    expect(forecast({ publishedOn: year('2021') })?.dueOn).toBe('2026');
    expect(forecast({ publishedOn: month('2021-11') })?.dueOn).toBe('2026-11');
  });

  it('29 February falls on 28 February in a common year, and stays in a leap year', () => {
    expect(addYears(day('2020-02-29'), 5).on).toBe('2025-02-28');
    expect(addYears(day('2020-02-29'), 4).on).toBe('2024-02-29');
  });
});

describe('what the catalogue says overrides the publication date', () => {
  it('withdrawn and historical standards have no forecast', () => {
    expect(forecast({ status: 'withdrawn' })).toBeNull();
    expect(forecast({ status: 'historical' })).toBeNull();
  });

  it('a confirmation date restarts the count, and the forecast says so', () => {
    expect(forecast({ publishedOn: year('2012'), confirmedOn: month('2023-06') })).toMatchObject({
      dueOn: '2028-06',
      basis: 'confirmation',
      from: '2023-06',
    });
  });

  it("an ASTM designation's reapproval year counts as the confirmation", () => {
    expect(
      forecast({ publisherCode: 'ASTM', designation: 'D1234-10(2018)', publishedOn: year('2010') }),
    ).toEqual({
      dueOn: '2023',
      withdrawalDueOn: '2026',
      kind: 'reapproval',
      rule: 'ASTM',
      basis: 'confirmation',
      from: '2018',
    });
  });

  it('a confirmation dated before the publication is older than this edition and is not used', () => {
    expect(forecast({ publishedOn: year('2020'), confirmedOn: year('2017') })).toMatchObject({
      dueOn: '2025',
      basis: 'publication',
    });
  });

  it('stage 90.20 says the review is under way, with the date the rule gave', () => {
    expect(forecast({ publishedOn: year('2019'), stageCode: '90.20' })).toMatchObject({
      dueOn: '2024',
      basis: 'stage',
      stage: 'under-review',
      stageCode: '90.20',
    });
  });

  it('stage 90.93 without a date: confirmed at the review one period after publication, next a period later', () => {
    expect(forecast({ publishedOn: year('2015'), stageCode: '90.93' })).toMatchObject({
      dueOn: '2025',
      basis: 'stage',
      from: '2020',
      stage: 'confirmed',
    });
  });

  it('stage 90.93 with a confirmation date counts from the date', () => {
    expect(
      forecast({ publishedOn: year('2015'), stageCode: '90.93', confirmedOn: year('2021') }),
    ).toMatchObject({
      dueOn: '2026',
      basis: 'confirmation',
      stage: 'confirmed',
    });
  });

  it('90.92 is a revision decided and 95.20 a withdrawal proposed; 60.60 and nonsense say nothing', () => {
    expect(forecast({ stageCode: '90.92' })?.stage).toBe('revision-decided');
    expect(forecast({ stageCode: '95.20' })?.stage).toBe('withdrawal-proposed');
    expect(forecast({ stageCode: '60.60' })).toMatchObject({ basis: 'publication' });
    expect(forecast({ stageCode: '60.60' })?.stage).toBeUndefined();
    expect(forecast({ stageCode: 'draft' })?.basis).toBe('publication');
  });
});

describe("a store's rules", () => {
  it("replace the default for their publisher only, and can add a publisher's", () => {
    const rules = effectiveRules([
      { publisherCode: 'ISO', kind: 'systematic-review', reviewYears: 3, withdrawalYears: null },
      { publisherCode: 'DIN', kind: 'systematic-review', reviewYears: 5, withdrawalYears: null },
    ]);
    expect(forecastReview(standard({ publishedOn: year('2022') }), rules)?.dueOn).toBe('2025');
    expect(forecastReview(standard({ publisherCode: 'DIN', publishedOn: year('2022') }), rules)?.dueOn).toBe(
      '2027',
    );
    expect(ruleFor('ASTM', rules)?.withdrawalYears).toBe(8);
  });

  it("the first rule of a publisher in a list decides, whatever its code's case, each time the list is asked", () => {
    const three = {
      publisherCode: 'iso',
      kind: 'systematic-review',
      reviewYears: 3,
      withdrawalYears: null,
    } as const;
    const seven = { ...three, publisherCode: 'ISO', reviewYears: 7 };
    const rules = [three, seven];
    expect(ruleFor('ISO/IEC', rules)).toBe(three);
    expect(ruleFor(' iso ', rules)).toBe(three);
    expect(ruleFor('ISO', [seven, three])).toBe(seven);
    expect(ruleFor('ISO', rules)).toBe(three);
    expect(ruleFor('DIN', rules)).toBeUndefined();
  });

  it('are refused when a withdrawal does not come after the review, or a publisher is listed twice', () => {
    const iso = { publisherCode: 'iso', kind: 'systematic-review', reviewYears: 5, withdrawalYears: null };
    expect(forecastRule.parse(iso).publisherCode).toBe('ISO');
    expect(forecastRule.safeParse({ ...iso, withdrawalYears: 5 }).success).toBe(false);
    expect(forecastRule.safeParse({ ...iso, reviewYears: 0 }).success).toBe(false);
    expect(forecastRule.safeParse({ ...iso, kind: 'nap' }).success).toBe(false);
    expect(forecastRules.safeParse({ rules: [iso, { ...iso, publisherCode: 'ISO' }] }).success).toBe(false);
  });
});

describe('due within N months', () => {
  const due = (dueOn: string) =>
    ({ dueOn, kind: 'systematic-review', rule: 'ISO', basis: 'publication', from: '' }) as const;

  it('counts a date from its first possible day, and an overdue review as due', () => {
    expect(dueWithinMonths(due('2027-03'), 4, '2026-11-29')).toBe(true);
    expect(dueWithinMonths(due('2027-04'), 4, '2026-11-29')).toBe(false);
    expect(dueWithinMonths(due('2027'), 2, '2026-11-29')).toBe(true);
    expect(dueWithinMonths(due('2027'), 1, '2026-11-29')).toBe(false);
    expect(dueWithinMonths(due('2020-05-02'), 1, '2026-11-29')).toBe(true);
  });

  it('adds months keeping the day within the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-29', 14)).toBe('2028-01-29');
  });
});

describe('the alert before a review', () => {
  const due = (dueOn: string) =>
    ({ dueOn, kind: 'systematic-review', rule: 'ISO', basis: 'publication', from: '' }) as const;

  it('is due once the date is at most N months away, and not once the date has come', () => {
    expect(reviewAlertDue(due('2027-05'), 6, '2026-11-29')).toBe(true);
    expect(reviewAlertDue(due('2027-06'), 6, '2026-11-29')).toBe(false);
    expect(reviewAlertDue(due('2027'), 2, '2026-11-29')).toBe(true);
    expect(reviewAlertDue(due('2026-11-29'), 6, '2026-11-29')).toBe(false);
    expect(reviewAlertDue(due('2025'), 6, '2026-11-29')).toBe(false);
  });
});
