import { z } from 'zod';
import { SUCCESS_STATUS } from './envelope-status.ts';

/**
 * The envelope every tracker-style service answers with (spec §7): `{ status, responseData: { value } }`.
 * Status '200' means success; any other status carries a human-readable `message` and a stable `error` id.
 */
export const successEnvelope = <T extends z.ZodType>(value: T) =>
  z.object({
    status: z.literal(SUCCESS_STATUS),
    responseData: z.object({ value }),
  });

export const errorEnvelope = z.object({
  status: z.string().regex(/^[45]\d\d$/),
  /** Stable machine-readable id, e.g. `tenant_not_found`, `validation_error`. */
  error: z.string(),
  /** What went wrong, for people. Never a stack trace. */
  message: z.string(),
  /** Field-level problems for validation errors. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Where a person can get help (answered when the tenant itself is unknown). */
  support: z
    .object({
      email: z.string(),
      /** The platform's site and its search, for a visitor whose address names no store. */
      siteUrl: z.string().optional(),
      searchUrl: z.string().optional(),
    })
    .optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type SuccessEnvelope<T> = { status: typeof SUCCESS_STATUS; responseData: { value: T } };

/** Wraps a value in the success envelope. */
export const ok = <T>(value: T): SuccessEnvelope<T> => ({ status: SUCCESS_STATUS, responseData: { value } });
