/**
 * What failed in a test run, by name, with the first lines of its error, read from the JSON reports of
 * Vitest and Playwright. `npm test` repeats them under its summary, so the tail of a long run (all that a
 * CI log may keep) still says which test failed and why.
 */
export interface Failure {
  stage: string;
  name: string;
  message: string;
}

interface VitestReport {
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    ok: boolean;
    tests: Array<{ results: Array<{ error?: { message?: string } }> }>;
  }>;
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The first `n` non-blank lines of an error, without terminal colours, indented under its test's name. */
export function firstLines(text: string, n = 6): string {
  return text
    .replace(ANSI, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, n)
    .join('\n      ');
}

export function vitestFailures(stage: string, report: VitestReport | undefined, root: string): Failure[] {
  const failures: Failure[] = [];
  for (const file of report?.testResults ?? []) {
    const path = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) {
      failures.push({
        stage,
        name: `${path} › ${a.fullName}`,
        message: firstLines((a.failureMessages ?? []).join('\n')),
      });
    }
    // A file that failed with no failing test failed outside one: an import, a hook, a timeout.
    if (file.status === 'failed' && failed.length === 0) {
      failures.push({ stage, name: path, message: firstLines(file.message ?? '') });
    }
  }
  return failures;
}

export function playwrightFailures(report: { suites?: PlaywrightSuite[] } | undefined): Failure[] {
  const failures: Failure[] = [];
  const walk = (suites: PlaywrightSuite[], path: string[]) => {
    for (const suite of suites) {
      const here = suite.title ? [...path, suite.title] : path;
      for (const spec of suite.specs ?? []) {
        if (spec.ok) continue;
        const error = spec.tests.flatMap((t) => t.results).find((r) => r.error)?.error?.message ?? '';
        failures.push({
          stage: 'playwright',
          name: [...here, spec.title].join(' › '),
          message: firstLines(error),
        });
      }
      walk(suite.suites ?? [], here);
    }
  };
  walk(report?.suites ?? [], []);
  return failures;
}

export function formatFailures(failures: Failure[]): string {
  if (failures.length === 0) return '';
  const lines = failures.map((f) => `  ✗ [${f.stage}] ${f.name}\n      ${f.message}\n`);
  return `\nfailed:\n${lines.join('')}`;
}
