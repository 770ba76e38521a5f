import {
  guessDesignationColumn,
  type ListExportFormat,
  type ListImportReport,
  type ListImportRow,
  type ListImportStandard,
  matchDesignation,
  parseDesignation,
} from '@trackwell/contracts';
import type { ListImportCandidate } from '@trackwell/db';
import { badRequest } from '../../http/errors.ts';
import type { Sheet } from './read-sheet.ts';

/**
 * The report of an uploaded list before anything is tracked — per row matched, ambiguous (with
 * the candidates), not found or already tracked. The catalogue is asked once for the whole file (every
 * cell's designation key, `findCandidates`); the matching itself is contracts' `matchDesignation`.
 */
const GUESS_SAMPLE_ROWS = 50;

const present = (c: ListImportCandidate): ListImportStandard => ({
  assetId: c.assetId,
  designation: c.designation,
  title: c.title,
  edition: c.edition,
  status: c.status,
});

function chosenColumn(sheet: Sheet, asked: number | undefined): number {
  if (asked === undefined)
    return guessDesignationColumn(sheet.header, sheet.rows.slice(0, GUESS_SAMPLE_ROWS));
  if (asked >= sheet.header.length) {
    throw badRequest(
      `column ${asked} does not exist: the file has ${sheet.header.length} columns (0-based).`,
      [{ path: 'column', message: `must be below ${sheet.header.length}` }],
    );
  }
  return asked;
}

export async function buildImportReport(
  sheet: Sheet,
  format: ListExportFormat,
  askedColumn: number | undefined,
  findCandidates: (keys: string[]) => Promise<ListImportCandidate[]>,
): Promise<ListImportReport> {
  const column = chosenColumn(sheet, askedColumn);
  const cells = sheet.rows.map((r, i) => ({ row: i + 2, value: r[column] ?? '' }));
  const keyed = cells.map((c) => ({ ...c, key: parseDesignation(c.value)?.key }));
  const keys = [...new Set(keyed.flatMap((c) => (c.key ? [c.key] : [])))];
  const byKey = Map.groupBy(await findCandidates(keys), (c) => c.key);
  const totals = {
    rows: cells.length,
    matched: 0,
    ambiguous: 0,
    notFound: 0,
    alreadyTracked: 0,
    empty: 0,
    duplicates: 0,
  };
  const seen = new Set<string>();
  const rows: ListImportRow[] = [];
  for (const cell of keyed) {
    if (cell.value === '') {
      totals.empty++;
      continue;
    }
    const candidates = (cell.key && byKey.get(cell.key)) || [];
    const match = matchDesignation(cell.value, candidates);
    const entry = { row: cell.row, value: cell.value };
    if (match.outcome === 'matched') {
      if (seen.has(match.standard.assetId)) {
        totals.duplicates++;
        continue;
      }
      seen.add(match.standard.assetId);
      const tracked = match.standard.tracked;
      totals[tracked ? 'alreadyTracked' : 'matched']++;
      rows.push({
        ...entry,
        outcome: tracked ? 'already_tracked' : 'matched',
        standard: present(match.standard),
      });
    } else if (match.outcome === 'ambiguous') {
      totals.ambiguous++;
      rows.push({ ...entry, outcome: 'ambiguous', candidates: match.candidates.map(present) });
    } else {
      totals.notFound++;
      rows.push({ ...entry, outcome: 'not_found' });
    }
  }
  return { format, columns: sheet.header, column, totals, rows };
}
