import { resolve } from 'node:path';

/** Where the journeys' databases live: one folder per Playwright worker and run (tests/fixtures.ts). */
export const E2E_DATA_ROOT = resolve(import.meta.dirname, '../.data');
