/*
 * One CSV cell (RFC 4180: quoted, quotes doubled). A cell that a spreadsheet would run as a formula (it
 * starts with = + - @, or a tab or carriage return before one) is prefixed with an apostrophe (OWASP "CSV
 * injection"): the console's audit log and the tracker's list export hold values others chose.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text a spreadsheet shows, never runs: a leading formula character gets an apostrophe before it. */
export const defuseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

export function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return `"${defuseFormula(text).replaceAll('"', '""')}"`;
}
