import { describe, expect, it } from 'vitest';
import { formatFailures, playwrightFailures, vitestFailures } from './test-failures.ts';

const ESC = String.fromCharCode(27);

describe("npm test's summary names what failed", () => {
  it('lists each failed Vitest test by file and full name, with its first error lines and no colours', () => {
    const failures = vitestFailures(
      'vitest (PGlite)',
      {
        testResults: [
          {
            name: '/repo/apps/portal/src/app/routes.test.tsx',
            status: 'failed',
            assertionResults: [
              { fullName: 'routes shows a title', status: 'passed' },
              {
                fullName: 'routes any other route shows a not-found screen',
                status: 'failed',
                failureMessages: [
                  `${ESC}[31mAssertionError: expected 'A' to be 'B'${ESC}[39m\n\n    at x.ts:1`,
                ],
              },
            ],
          },
          { name: '/repo/packages/db/test/ok.test.ts', status: 'passed', assertionResults: [] },
        ],
      },
      '/repo/',
    );
    expect(failures).toEqual([
      {
        stage: 'vitest (PGlite)',
        name: 'apps/portal/src/app/routes.test.tsx › routes any other route shows a not-found screen',
        message: "AssertionError: expected 'A' to be 'B'\n          at x.ts:1",
      },
    ]);
  });

  it('names a file that failed outside any test (an import or a hook)', () => {
    const failures = vitestFailures(
      'vitest (PostgreSQL)',
      { testResults: [{ name: '/repo/a.test.ts', status: 'failed', message: 'Hook timed out in 120000ms' }] },
      '/repo/',
    );
    expect(failures).toEqual([
      { stage: 'vitest (PostgreSQL)', name: 'a.test.ts', message: 'Hook timed out in 120000ms' },
    ]);
  });

  it('lists each failed Playwright spec by its file, describe and title', () => {
    const failures = playwrightFailures({
      suites: [
        {
          title: 'tracker.spec.ts',
          specs: [{ title: 'passes', ok: true, tests: [{ results: [{}] }] }],
          suites: [
            {
              title: 'tracker page',
              specs: [
                {
                  title: 'adds',
                  ok: false,
                  tests: [{ results: [{ error: { message: 'Timeout 5000ms' } }] }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(failures).toEqual([
      { stage: 'playwright', name: 'tracker.spec.ts › tracker page › adds', message: 'Timeout 5000ms' },
    ]);
  });

  it('prints nothing when nothing failed, and one line per failure under "failed:" otherwise', () => {
    expect(formatFailures([])).toBe('');
    expect(formatFailures([{ stage: 's', name: 'n', message: 'm' }])).toBe('\nfailed:\n  ✗ [s] n\n      m\n');
    expect(vitestFailures('s', undefined, '/')).toEqual([]);
    expect(playwrightFailures(undefined)).toEqual([]);
  });
});
