import { prepareTestTemplate } from '../src/testing-template.ts';

/**
 * Vitest global setup (vitest.config.ts): one migrated template database for the whole run, which every test
 * file's createTestDatabase() starts from (src/testing-template.ts); removed at the end of the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  return prepareTestTemplate();
}
