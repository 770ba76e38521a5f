import { expect } from 'vitest';

/** Printable ASCII only, lines of at most 76 characters, none ending in a space or tab. */
export function expectWellFormedQuotedPrintable(qp: string): void {
  expect(qp).toMatch(/^[\x20-\x7e\r\n\t]*$/);
  for (const line of qp.split('\r\n')) {
    expect(line.length).toBeLessThanOrEqual(76);
    expect(line).not.toMatch(/[ \t]$/);
  }
}
