import { z } from 'zod';
import { type Language, SUPPORTED_LANGUAGES } from './languages.ts';

/** The schema of a `…_by_language` map (localized-text.ts): an optional `text` per supported language. */
export const textByLanguage = (text: z.ZodType<string>) =>
  // An object with an optional key per language (not z.partialRecord: the browser bundle already has objects).
  z.strictObject(
    Object.fromEntries(SUPPORTED_LANGUAGES.map((code) => [code, text.optional()])) as Record<
      Language,
      z.ZodOptional<z.ZodType<string>>
    >,
  );
