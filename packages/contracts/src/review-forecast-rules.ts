import { z } from 'zod';
import { CONSOLE_BASE } from './console-paths.ts';
import { FORECAST_KINDS } from './review-forecast.ts';

/*
 * The wire side of review forecasts (the computation: review-forecast.ts): a store's rules as the console
 * reads and replaces them, and the forecast a tracked standard carries.
 */

export const CONSOLE_FORECAST_PATHS = {
  /** The store's review-forecast rules per publisher (GET, PUT). */
  rules: `${CONSOLE_BASE}/stores/:code/forecast-rules`,
} as const;

/** A store keeps at most this many rules of its own. */
export const FORECAST_RULES_MAX = 100;

export const forecastRule = z
  .object({
    publisherCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ./&-]{0,39}$/, 'must be a publisher code such as ISO, IEC or ASTM')
      .transform((c) => c.toUpperCase())
      .meta({
        description: 'The publisher (originator) code, as the catalogue writes it.',
        examples: ['ISO'],
      }),
    kind: z
      .enum(FORECAST_KINDS)
      .meta({ description: 'What falls due: a systematic review, a reapproval, …' }),
    reviewYears: z
      .number()
      .int()
      .min(1)
      .max(50)
      .meta({ examples: [5] }),
    withdrawalYears: z
      .number()
      .int()
      .min(1)
      .max(60)
      .nullable()
      .meta({ description: 'Withdrawn this many years after without action; null: never.', examples: [8] }),
  })
  .strict()
  .refine((r) => r.withdrawalYears === null || r.withdrawalYears > r.reviewYears, {
    message: 'the withdrawal must come after the review is due',
    path: ['withdrawalYears'],
  });

export const forecastRules = z
  .object({ rules: z.array(forecastRule).max(FORECAST_RULES_MAX) })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.rules.forEach((rule, index) => {
      if (seen.has(rule.publisherCode))
        ctx.addIssue({
          code: 'custom',
          path: ['rules', index],
          message: `${rule.publisherCode} is listed twice`,
        });
      seen.add(rule.publisherCode);
    });
  });
export type ForecastRules = z.infer<typeof forecastRules>;

const ruleOut = z.object({
  publisherCode: z.string(),
  kind: z.enum(FORECAST_KINDS),
  reviewYears: z.number().int(),
  withdrawalYears: z.number().int().nullable(),
});

export const forecastRulesAnswer = z.object({
  /** The store's own rules (each replaces the default for its publisher). */
  rules: z.array(ruleOut),
  /** The defaults that apply where the store has no rule of its own. */
  defaults: z.array(ruleOut),
});
export type ForecastRulesAnswer = z.infer<typeof forecastRulesAnswer>;

/** The forecast a tracked standard carries (review-forecast.ts `ReviewForecast`). */
export const reviewForecast = z.object({
  dueOn: z
    .string()
    .meta({ description: 'A forecast: 2027, 2027-03 or 2027-03-15, as precise as the catalogue.' }),
  withdrawalDueOn: z.string().optional(),
  kind: z.enum(FORECAST_KINDS),
  rule: z.string(),
  basis: z.enum(['publication', 'confirmation', 'stage']),
  from: z.string(),
  stage: z.enum(['under-review', 'revision-decided', 'confirmed', 'withdrawal-proposed']).optional(),
  stageCode: z.string().optional(),
});

/** The tracker list's filter: only standards whose review may fall due within this many months. */
export const dueWithinMonthsQuery = z.coerce.number().int().min(1).max(120).meta({
  description: 'Only standards whose forecast review may fall due within this many months (1–120).',
});
