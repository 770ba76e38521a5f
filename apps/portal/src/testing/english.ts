import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ON_DEMAND_NAMESPACES, TRANSLATION_NAMESPACES as PRELOADED } from '../config/constants.ts';

/** Every namespace the portal has: those loaded with the language and those loaded on first use. */
export const ALL_TRANSLATION_NAMESPACES = [...PRELOADED, ...ON_DEMAND_NAMESPACES];

const localesDir = join(import.meta.dirname, '../../public/locales');

/** Every English namespace, read from public/ as the browser would fetch it: tests render without a network. */
export function englishResources(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    ALL_TRANSLATION_NAMESPACES.map((ns) => [
      ns,
      JSON.parse(readFileSync(join(localesDir, 'en', `${ns}.json`), 'utf8')),
    ]),
  );
}
