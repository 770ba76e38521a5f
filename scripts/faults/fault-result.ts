/** What one fault run reports: pass or fail, the figures it measured, and why it failed. */
export interface FaultResult {
  name: string;
  pass: boolean;
  figures: string[];
  failure?: string;
}

/** Collects checks: each failed check is recorded (the run goes on to print every figure). */
export class FaultChecks {
  readonly failures: string[] = [];
  check(ok: boolean, what: string): void {
    if (!ok) this.failures.push(what);
  }

  /** The run's result: passed when no check failed, with the figures and every failure. */
  result(name: string, figures: string[]): FaultResult {
    return {
      name,
      pass: this.failures.length === 0,
      figures,
      ...(this.failures.length ? { failure: this.failures.join('; ') } : {}),
    };
  }
}
