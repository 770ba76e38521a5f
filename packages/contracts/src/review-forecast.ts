/**
 * When a standard's next review (or its withdrawal) is due, forecast from its publisher's rule: a pure function
 * of what the catalogue holds. The wire schemas are in review-forecast-rules.ts.
 *
 * What it uses, most telling first:
 * - a withdrawn (or historical) standard has no forecast;
 * - an ISO harmonized stage code (stage-codes.ts) where the catalogue has one: 90.00–90.60 the systematic
 *   review is under way now, 90.92 it decided on a revision, 90.93 it confirmed the standard, 90.99 / 95.20 /
 *   95.60 its withdrawal is proposed;
 * - a confirmation or reapproval date (the catalogue's, or the year in an ASTM designation: D1234-10(2018)):
 *   the next review counts from it;
 * - else the publication date.
 * A date keeps the precision the catalogue gave it: published in 2019 → review due 2024, never 2024-01-01.
 */
import { type DatePrecision, dateToPrecision } from './catalog-import.ts';

export const FORECAST_KINDS = ['systematic-review', 'reapproval', 'reaffirmation'] as const;
export type ForecastKind = (typeof FORECAST_KINDS)[number];

/** A publisher's rule: the review is due `reviewYears` after publication or the last confirmation. */
export interface ForecastRule {
  /** The publisher (originator) code the rule is for, as the catalogue writes it: ISO, IEC, ASTM. */
  publisherCode: string;
  kind: ForecastKind;
  reviewYears: number;
  /** Withdrawn by the publisher this many years after it without action (ASTM: 8); null: no such rule. */
  withdrawalYears: number | null;
}

/**
 * The defaults, the one place they are written: ISO and IEC review every standard 5 years after publication
 * (ISO/IEC Directives Part 1, 2.9.1), CEN 5 years (CEN/CENELEC Internal Regulations Part 2, 11.4); ASTM
 * reapproves or revises within 5 years and withdraws a standard after 8 without (Regulations Governing ASTM
 * Technical Committees, 10.6); IEEE revises or reaffirms within 10 years (IEEE-SA Standards Board Bylaws 5.4).
 */
export const DEFAULT_FORECAST_RULES: readonly ForecastRule[] = [
  { publisherCode: 'ISO', kind: 'systematic-review', reviewYears: 5, withdrawalYears: null },
  { publisherCode: 'IEC', kind: 'systematic-review', reviewYears: 5, withdrawalYears: null },
  { publisherCode: 'CEN', kind: 'systematic-review', reviewYears: 5, withdrawalYears: null },
  { publisherCode: 'ASTM', kind: 'reapproval', reviewYears: 5, withdrawalYears: 8 },
  { publisherCode: 'IEEE', kind: 'reaffirmation', reviewYears: 10, withdrawalYears: null },
];

/** A catalogue date: its first day (YYYY-MM-DD) and how much of it the catalogue gave. */
export interface CatalogueDate {
  on: string;
  precision: DatePrecision;
}

/** What the review stage code says now; undefined when there is no stage code or it says nothing of a review. */
export type ReviewStage = 'under-review' | 'revision-decided' | 'confirmed' | 'withdrawal-proposed';

export interface ForecastInput {
  publisherCode: string;
  designation: string;
  status: string;
  publishedOn: CatalogueDate;
  stageCode?: string | null;
  confirmedOn?: CatalogueDate | null;
}

export interface ReviewForecast {
  /** Always a forecast: the date the rule gives, at the precision of the date it counts from (2027, 2027-03). */
  dueOn: string;
  /** ASTM: when it is withdrawn without action, at the same precision; absent for rules without one. */
  withdrawalDueOn?: string;
  kind: ForecastKind;
  /** The publisher code of the rule used (ISO for a standard of "ISO/IEC"). */
  rule: string;
  /** What the date counts from: the publication, a confirmation date, or the stage code. */
  basis: 'publication' | 'confirmation' | 'stage';
  /** The date counted from, as the catalogue gave it. */
  from: string;
  stage?: ReviewStage;
  stageCode?: string;
}

/**
 * A rule list by upper-case publisher code, the first rule of each code (as a search in list order finds):
 * made once per list (a list is read-only: its type says so). The server keeps a store's list with the store
 * (the tenant cache), so a page of tracked standards looks each row's rule up instead of scanning the list
 * per row.
 */
const rulesByCode = new WeakMap<readonly ForecastRule[], Map<string, ForecastRule>>();
function indexOf(rules: readonly ForecastRule[]): Map<string, ForecastRule> {
  let index = rulesByCode.get(rules);
  if (!index) {
    index = new Map();
    for (const r of rules) {
      const code = r.publisherCode.toUpperCase();
      if (!index.has(code)) index.set(code, r);
    }
    rulesByCode.set(rules, index);
  }
  return index;
}

/** The rule for a publisher code: its own, else the first part of a joint code (ISO/IEC → ISO). */
export function ruleFor(publisherCode: string, rules: readonly ForecastRule[]): ForecastRule | undefined {
  const code = publisherCode.trim().toUpperCase();
  const index = indexOf(rules);
  return index.get(code) ?? index.get(code.split('/')[0]!.trim());
}

/** A rule list with the store's own rules in place of the defaults for the same publisher. */
export function effectiveRules(storeRules: readonly ForecastRule[]): ForecastRule[] {
  const own = new Set(storeRules.map((r) => r.publisherCode.toUpperCase()));
  return [...storeRules, ...DEFAULT_FORECAST_RULES.filter((r) => !own.has(r.publisherCode))];
}

/** The review stage a stage code says; undefined for 60.60 and anything not about a review. */
export function reviewStageOf(code: string | null | undefined): ReviewStage | undefined {
  const m = code ? /^\s*(\d{2})\.(\d{2})\s*$/.exec(code) : null;
  if (!m) return undefined;
  const stage = `${m[1]}.${m[2]}`;
  if (['90.00', '90.20', '90.60'].includes(stage)) return 'under-review';
  if (stage === '90.92') return 'revision-decided';
  if (stage === '90.93') return 'confirmed';
  if (['90.99', '95.20', '95.60'].includes(stage)) return 'withdrawal-proposed';
  return undefined;
}

/** The catalogue date as it was given: 2019, 2019-03 or 2019-03-15. */
const catalogueDateText = (d: CatalogueDate) => dateToPrecision(d.on, d.precision);

/** `years` later at the same precision; 29 February falls on 28 February in a common year. */
export function addYears(d: CatalogueDate, years: number): CatalogueDate {
  const [y, m, day] = d.on.slice(0, 10).split('-').map(Number) as [number, number, number];
  const year = y + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const lastDay = m === 2 && !leap && day === 29 ? 28 : day;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return { on: `${pad(year, 4)}-${pad(m)}-${pad(lastDay)}`, precision: d.precision };
}

/** ASTM's reapproval year at the end of a designation: "D1234-10(2018)" → 2018; "D638-22" → undefined. */
export function reapprovalYearOf(designation: string): CatalogueDate | undefined {
  const m = /\((\d{4})\)\s*$/.exec(designation);
  return m ? { on: `${m[1]}-01-01`, precision: 'year' } : undefined;
}

/** The standard's forecast under the rules, or null: withdrawn, historical, or no rule for its publisher. */
export function forecastReview(input: ForecastInput, rules: readonly ForecastRule[]): ReviewForecast | null {
  if (input.status !== 'active') return null;
  const rule = ruleFor(input.publisherCode, rules);
  if (!rule) return null;
  const stage = reviewStageOf(input.stageCode);
  const confirmed = input.confirmedOn ?? reapprovalYearOf(input.designation);
  let from: CatalogueDate;
  let basis: ReviewForecast['basis'];
  if (confirmed && confirmed.on >= input.publishedOn.on) {
    from = confirmed;
    basis = 'confirmation';
  } else if (stage === 'confirmed') {
    // Confirmed at the review the rule put one period after publication; the next one is a period later.
    from = addYears(input.publishedOn, rule.reviewYears);
    basis = 'stage';
  } else {
    from = input.publishedOn;
    basis = stage ? 'stage' : 'publication';
  }
  const forecast: ReviewForecast = {
    dueOn: catalogueDateText(addYears(from, rule.reviewYears)),
    kind: rule.kind,
    rule: rule.publisherCode,
    basis,
    from: catalogueDateText(from),
  };
  if (rule.withdrawalYears !== null)
    forecast.withdrawalDueOn = catalogueDateText(addYears(from, rule.withdrawalYears));
  if (stage) Object.assign(forecast, { stage, stageCode: input.stageCode!.trim() });
  return forecast;
}

/** The first day a forecast date (2027, 2027-03, 2027-03-15) can mean. */
export const firstDayOf = (text: string) =>
  text.length === 4 ? `${text}-01-01` : text.length === 7 ? `${text}-01` : text;

/** `months` after a day (YYYY-MM-DD), the day kept within the month (31 January + 1 month → 28/29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/**
 * Whether the review may fall due within `months` of `today` (YYYY-MM-DD): its first possible day is no later
 * than then. An overdue review counts (it is due); a year-only date counts from its 1 January.
 */
export function dueWithinMonths(forecast: ReviewForecast, months: number, today: string): boolean {
  return firstDayOf(forecast.dueOn) <= addMonths(today, months);
}

/**
 * Whether a reader who asked for an alert `monthsBefore` months ahead is due one today (YYYY-MM-DD): the
 * review's first possible day is still to come, and at most that many months away. An overdue review is not
 * alerted (it is no news: the tracker and the monthly report show it).
 */
export function reviewAlertDue(forecast: ReviewForecast, monthsBefore: number, today: string): boolean {
  const first = firstDayOf(forecast.dueOn);
  return today < first && addMonths(today, monthsBefore) >= first;
}
