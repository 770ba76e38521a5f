import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A Vitest reporter that writes the passed, failed and skipped tests of each project (contracts, db, server,
 * pglite, portal, email) to the JSON file named by VITEST_PROJECT_COUNTS, so `npm test` can say in its summary
 * how many tests ran on which engine in one Vitest run.
 */
export type ProjectCounts = Record<
  string,
  { passed: number; failed: number; skipped: number; files: number }
>;

export default class ProjectCountsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const file = process.env.VITEST_PROJECT_COUNTS;
    if (!file) return;
    const counts: ProjectCounts = {};
    for (const module of testModules) {
      const name = module.project.name || 'default';
      counts[name] ??= { passed: 0, failed: 0, skipped: 0, files: 0 };
      const c = counts[name];
      c.files += 1;
      // A file that failed before any test ran (an import or a hook) counts as one failure.
      if (module.state() === 'failed' && [...module.children.allTests('failed')].length === 0) c.failed += 1;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') c.passed += 1;
        else if (state === 'failed') c.failed += 1;
        else c.skipped += 1;
      }
    }
    writeFileSync(file, JSON.stringify(counts, null, 2));
  }
}
