import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSLATION_NAMESPACES } from '../config/constants.ts';

const localesDir = join(import.meta.dirname, '../../public/locales');

/** Every English namespace, read from public/ as the browser would fetch it: tests render without a network. */
export function englishResources(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    TRANSLATION_NAMESPACES.map((ns) => [
      ns,
      JSON.parse(readFileSync(join(localesDir, 'en', `${ns}.json`), 'utf8')),
    ]),
  );
}
