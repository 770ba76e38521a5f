import { type CatalogEvent, catalogEvent } from '@trackwell/contracts';

/**
 * Change files for `npm run catalog:changes`: JSON (`{ "events": [...] }` or a bare array, the API's event
 * shape) or CSV with one event per row and these columns (empty cells are absent):
 *
 *   id, type, occurredAt, contentCode, assetId, designation, title, publisherCode, committeeDesignation,
 *   edition, publishedOn, industryAreas (separated by ;), note, workItemNumber, status, createdOn,
 *   summary, compareUrl (what changed in the publisher's words, and a link comparing the versions)
 *
 * Every event is validated like the API's; a file with any invalid event applies nothing and names each
 * problem by line (CSV) or index (JSON).
 */

export class ChangeFileError extends Error {
  override name = 'ChangeFileError';
}

/** RFC 4180 CSV: commas, double-quoted fields with "" escapes and line breaks inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw new ChangeFileError('CSV: a quoted field is not closed');
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

/** One CSV row (header → cell) as the API's nested event object. */
function csvRowToEvent(r: Record<string, string>): unknown {
  const v = (k: string) => (r[k] ? r[k] : undefined);
  const standardRef = v('contentCode') ? { contentCode: v('contentCode') } : { assetId: v('assetId') };
  const base = {
    id: v('id'),
    type: v('type'),
    occurredAt: v('occurredAt'),
    summary: v('summary'),
    compareUrl: v('compareUrl'),
  };
  switch (r.type) {
    case 'new_standard':
      return {
        ...base,
        standard: {
          assetId: v('assetId'),
          contentCode: v('contentCode'),
          designation: v('designation'),
          title: v('title'),
          publisherCode: v('publisherCode'),
          committeeDesignation: v('committeeDesignation'),
          edition: v('edition'),
          publishedOn: v('publishedOn'),
          industryAreas: (r.industryAreas ?? '')
            .split(';')
            .map((s) => s.trim())
            .filter(Boolean),
        },
      };
    case 'new_edition':
      return {
        ...base,
        standard: standardRef,
        designation: v('designation'),
        edition: v('edition'),
        publishedOn: v('publishedOn'),
        title: v('title'),
      };
    case 'amendment':
    case 'editorial_change':
    case 'reaffirmation':
      return {
        ...base,
        standard: standardRef,
        designation: v('designation'),
        publishedOn: v('publishedOn'),
        note: v('note'),
      };
    case 'withdrawal':
    case 'reinstatement':
      return { ...base, standard: standardRef, note: v('note') };
    case 'new_work_item':
      return {
        ...base,
        workItem: {
          workItemNumber: v('workItemNumber'),
          title: v('title'),
          committeeDesignation: v('committeeDesignation'),
          status: v('status'),
          createdOn: v('createdOn'),
        },
      };
    default:
      return { ...base, workItemNumber: v('workItemNumber'), status: v('status') };
  }
}

/** Parses and validates a change file; throws ChangeFileError listing every problem. */
export function parseChangeFile(name: string, text: string): CatalogEvent[] {
  let raw: Array<{ where: string; value: unknown }>;
  if (/\.csv$/i.test(name)) {
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
    if (!header) throw new ChangeFileError(`${name}: the CSV file is empty`);
    const columns = header.map((h) => h.trim());
    raw = rows.map((cells, i) => ({
      where: `line ${i + 2}`,
      value: csvRowToEvent(Object.fromEntries(columns.map((c, j) => [c, (cells[j] ?? '').trim()]))),
    }));
  } else {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ChangeFileError(`${name}: not valid JSON (${(error as Error).message})`);
    }
    const list = Array.isArray(json) ? json : (json as { events?: unknown }).events;
    if (!Array.isArray(list))
      throw new ChangeFileError(`${name}: expected { "events": [...] } or an array of events`);
    raw = list.map((value, i) => ({ where: `event ${i + 1}`, value }));
  }
  const problems: string[] = [];
  const events: CatalogEvent[] = [];
  const seen = new Set<string>();
  for (const { where, value } of raw) {
    const parsed = catalogEvent.safeParse(value);
    if (!parsed.success) {
      problems.push(
        ...parsed.error.issues.map((i) => `${where}: ${i.path.join('.') || '(event)'}: ${i.message}`),
      );
    } else if (seen.has(parsed.data.id)) {
      problems.push(`${where}: id ${parsed.data.id} appears twice in the file`);
    } else {
      seen.add(parsed.data.id);
      events.push(parsed.data);
    }
  }
  if (problems.length > 0) throw new ChangeFileError(`${name}: nothing applied.\n  ${problems.join('\n  ')}`);
  if (events.length === 0) throw new ChangeFileError(`${name}: no events`);
  return events;
}
