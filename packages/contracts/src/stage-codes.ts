import type { STANDARD_STATUSES } from './notifications.ts';

/**
 * ISO's harmonized stage codes (ISO/IEC Directives, Part 1, annex SD): a deliverable's life as "stage.substage",
 * 00.00 to 95.99. A catalogue holds published standards: 60.60 (published) and the systematic review that
 * follows (90.xx) are active, the withdrawal procedure keeps it active until 95.99 (withdrawn). Everything
 * before 60.60 is a project, not a standard.
 */

/** A standard's status from its stage code; null: not (yet) a published standard; undefined: no stage code. */
export function statusOfStage(code: string): (typeof STANDARD_STATUSES)[number] | null | undefined {
  const m = /^\s*(\d{2})\.(\d{2})\s*$/.exec(code);
  if (!m) return undefined;
  const stage = Number(m[1]);
  const substage = Number(m[2]);
  if (stage === 95 && substage === 99) return 'withdrawn';
  if (stage > 95 || substage > 99) return undefined;
  if (stage === 90 || stage === 95 || (stage === 60 && substage === 60)) return 'active';
  return [0, 10, 20, 30, 40, 50, 60].includes(stage) ? null : undefined;
}
