import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from './languages.ts';

/** A language code of spec §3, as a schema (./languages.ts holds the codes, without Zod). */
export const language = z.enum(SUPPORTED_LANGUAGES);
