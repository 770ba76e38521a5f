import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Where journeys save their screenshots. They go to `docs/screenshots` (the README and the guides in docs/
 * show some of them) only when asked: `DOCS_SCREENSHOTS=1 npm run test:e2e`. An ordinary run
 * puts them in `e2e/test-results/screenshots`, beside its other output, so that it leaves the working tree
 * as it found it (a PNG's bytes differ a little from run to run).
 */
export const screenshotDir = resolve(
  import.meta.dirname,
  process.env.DOCS_SCREENSHOTS === '1' ? '../../docs/screenshots' : '../test-results/screenshots',
);
mkdirSync(screenshotDir, { recursive: true });
