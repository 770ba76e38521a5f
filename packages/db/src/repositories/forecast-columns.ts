import type { ForecastInput } from '@trackwell/contracts';

/**
 * What a review forecast is computed from (contracts review-forecast.ts), as the columns of `standards s` a
 * query selects beside its own, and the forecast input they make.
 */
export const FORECAST_COLUMNS = `s.status, to_char(s.published_on, 'YYYY-MM-DD') AS published_on,
  s.published_precision, s.stage_code, to_char(s.confirmed_on, 'YYYY-MM-DD') AS confirmed_on, s.confirmed_precision`;

export interface ForecastColumns {
  publisher_code: string;
  designation: string;
  status: string;
  published_on: string;
  published_precision: 'year' | 'month' | 'day';
  stage_code: string | null;
  confirmed_on: string | null;
  confirmed_precision: 'year' | 'month' | 'day' | null;
}

export const forecastInputOf = (r: ForecastColumns): ForecastInput => ({
  publisherCode: r.publisher_code,
  designation: r.designation,
  status: r.status,
  publishedOn: { on: r.published_on, precision: r.published_precision },
  stageCode: r.stage_code,
  confirmedOn: r.confirmed_on ? { on: r.confirmed_on, precision: r.confirmed_precision ?? 'day' } : null,
});
