import {
  CATALOG_IMPORT_ZIP_LIMITS,
  type CatalogImportError,
  type ImportFileOutcome,
  type ImportRowOutcome,
  type ParsedCatalogImport,
  type ZipImportLimits,
} from '@trackwell/contracts';
import type yauzl from 'yauzl';
import { isNamedOnly } from './rows.ts';
import { parseStsXml } from './sts.ts';
import { decodeXmlBytes } from './xml-encoding.ts';
import { InflateError, inflateCounted, openZip } from './zip-inflate.ts';

/**
 * A batch: a ZIP of NISO STS XML files (publishers deliver them so) → one parsed import, every row and error
 * naming its file, and an outcome per file. The archive is read with yauzl (pure JavaScript over Node's zlib)
 * from its central directory; each XML entry is inflated as a stream, and its bytes are counted as they come
 * out: passing a limit (CATALOG_IMPORT_ZIP_LIMITS: entries, bytes of one file, bytes of all files) stops the
 * inflating at once. The sizes the archive's headers declare are never trusted for that: a crafted archive
 * that declares a few bytes and inflates to gigabytes is stopped by the count (and by yauzl, which refuses an
 * entry that inflates to more than its header declares). Entries are read one after another, each held
 * alone (at most the per-file limit) while it is decoded (xml-encoding.ts) and parsed (`parseStsXml`).
 *
 * Skipped without an outcome: directories, `__MACOSX/` and dot files (what archivers add). An entry that is
 * not `.xml` is "skipped: not an XML file". A file refused alone (malformed XML, no `std-meta`, a wrong
 * encoding declaration) marks the batch incomplete, so nothing of it is applied; its error names the file.
 * The whole batch is refused (no rows, one error naming the reason) when the archive cannot be read: corrupt,
 * truncated, an encrypted entry, a compression other than stored or deflate, a CRC that does not match, or a
 * limit passed.
 *
 * Rows are numbered across the batch, in the archive's order (the first file's `std-meta` 1…n, the next
 * file's from n+1), so a row number names one row; row 0 stays "the file as a whole" (its error's `file`
 * says which file; none: the archive).
 */

export interface ParsedZipBatch extends ParsedCatalogImport {
  /** One outcome per file entry, in the archive's order. */
  files: ImportFileOutcome[];
  /** The publishers and committees the batch's files name, once each (`kind:key`). */
  named: Set<string>;
}

export interface ZipBatchOptions {
  /** Lower limits (tests); the defaults are CATALOG_IMPORT_ZIP_LIMITS. */
  limits?: Partial<ZipImportLimits>;
}

/** Why the whole batch is refused, and the entry it happened at (none: the archive as a whole). */
class BatchRefusal extends Error {
  readonly file: string | undefined;
  constructor(reason: string, file?: string) {
    super(reason);
    this.file = file;
  }
}

const count = (n: number) => n.toLocaleString('en');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/** An entry's name as answers show it: no control characters (a name is bytes the archive chose), bounded. */
const shownName = (name: string) =>
  Array.from(name.slice(0, 300), (c) =>
    c.charCodeAt(0) < 0x20 || (c >= '\u007f' && c <= '\u009f') ? '\uFFFD' : c,
  ).join('');

/** What archivers add beside the files: directories, macOS resource forks, dot files (`.DS_Store`). */
const isArchiverNoise = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').some((part) => part.startsWith('.'));

/**
 * A file goes to the STS parser in chunks of this size: the parser stops at the first chunk after an error,
 * and within one chunk its XML parser (saxes) reports every bad character again, at microseconds each, so a
 * file of 32 MB of bad characters written as one chunk would cost minutes; as 16 KiB chunks, a fraction of a
 * second.
 */
const PARSE_CHUNK_BYTES = 16 * 1024;

function* chunksOf(bytes: Uint8Array, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Parses a ZIP of STS files; never throws (an unreadable archive is a refused batch). */
export async function parseStsZip(zip: Uint8Array, options: ZipBatchOptions = {}): Promise<ParsedZipBatch> {
  const limits: ZipImportLimits = { ...CATALOG_IMPORT_ZIP_LIMITS, ...options.limits };
  const batch: ParsedZipBatch = {
    rows: [],
    errors: [],
    warnings: [],
    complete: true,
    files: [],
    named: new Set(),
  };
  try {
    await readBatch(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), limits, batch);
  } catch (error) {
    const refusal =
      error instanceof BatchRefusal
        ? error
        : new BatchRefusal(`the archive is corrupt (${messageOf(error)})`);
    if (refusal.file !== undefined && batch.files.at(-1)?.file !== refusal.file)
      batch.files.push({
        file: refusal.file,
        outcome: 'refused',
        standards: 0,
        errors: 1,
        reason: refusal.message,
      });
    return {
      rows: [],
      errors: [
        { row: 0, field: null, reason: refusal.message, ...(refusal.file ? { file: refusal.file } : {}) },
      ],
      complete: false,
      files: batch.files,
      named: batch.named,
    };
  }
  if (!batch.files.some((f) => f.outcome !== 'skipped')) {
    batch.errors.push({ row: 0, field: null, reason: 'the archive holds no XML file' });
    batch.complete = false;
  }
  return batch;
}

async function readBatch(zip: Buffer, limits: ZipImportLimits, batch: ParsedZipBatch) {
  const archive = await openZip(zip).catch((error: unknown) => {
    throw new BatchRefusal(`not a readable ZIP archive (${messageOf(error)})`);
  });
  // The central directory's count bounds the entries read (yauzl reads that many, no more).
  if (archive.entryCount > limits.entries)
    throw new BatchRefusal(
      `the archive has ${count(archive.entryCount)} entries; a batch takes at most ${count(limits.entries)}`,
    );
  const budget = { entries: 0, inflated: 0, lastRow: 0 };
  for await (const entry of archive.eachEntry()) {
    budget.entries += 1;
    if (budget.entries > limits.entries)
      throw new BatchRefusal(`the archive has more than ${count(limits.entries)} entries`);
    if (isArchiverNoise(entry.fileName)) continue;
    const name = shownName(entry.fileName);
    if (entry.isEncrypted())
      throw new BatchRefusal(`${name} is encrypted: encrypted entries are not read`, name);
    if (!/\.xml$/i.test(entry.fileName)) {
      batch.files.push({
        file: name,
        outcome: 'skipped',
        standards: 0,
        errors: 0,
        reason: 'not an XML file',
      });
      continue;
    }
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
      throw new BatchRefusal(
        `${name} is compressed with method ${entry.compressionMethod}: only stored and deflated entries are read`,
        name,
      );
    const bytes = await inflateEntry(archive, entry, name, limits, budget);
    const decoded = decodeXmlBytes(bytes);
    if (!decoded.ok) {
      addRefusedFile(batch, name, decoded.reason);
      continue;
    }
    const parsed = await parseStsXml(chunksOf(decoded.utf8, PARSE_CHUNK_BYTES));
    budget.lastRow = addParsedFile(batch, name, parsed, budget.lastRow);
  }
}

/** The entry's inflated bytes, counted chunk by chunk against the limits (zip-inflate.ts). */
async function inflateEntry(
  archive: yauzl.ZipFile,
  entry: yauzl.Entry,
  name: string,
  limits: ZipImportLimits,
  budget: { inflated: number },
): Promise<Buffer> {
  let size = 0;
  const counted = (chunk: number) => {
    size += chunk;
    budget.inflated += chunk;
    if (size > limits.fileBytes)
      throw new BatchRefusal(
        `${name} inflates to more than ${count(limits.fileBytes)} bytes, the limit for one file`,
        name,
      );
    if (budget.inflated > limits.totalBytes)
      throw new BatchRefusal(
        `the batch inflates to more than ${count(limits.totalBytes)} bytes, the limit for all its files together (passed in ${name})`,
        name,
      );
  };
  try {
    return await inflateCounted(archive, entry, counted);
  } catch (error) {
    if (error instanceof InflateError) throw new BatchRefusal(`${name} ${error.message}`, name);
    throw error;
  }
}

function addRefusedFile(batch: ParsedZipBatch, file: string, reason: string) {
  batch.errors.push({ row: 0, field: null, reason, file });
  batch.complete = false;
  batch.files.push({ file, outcome: 'refused', standards: 0, errors: 1, reason });
}

/** Adds a file's rows and errors, numbered after the batch's `lastRow`; answers the new last row. */
function addParsedFile(batch: ParsedZipBatch, file: string, parsed: ParsedCatalogImport, lastRow: number) {
  let last = lastRow;
  const numbered = (row: number) => {
    if (row === 0) return 0;
    last = Math.max(last, lastRow + row);
    return lastRow + row;
  };
  for (const r of parsed.rows) {
    // A publisher or committee that several files name is one row of the batch.
    const v = r.value;
    if (isNamedOnly(v) && (v.kind === 'publisher' || v.kind === 'committee')) {
      const key = `${v.kind}:${v.kind === 'publisher' ? v.code : v.designation}`;
      if (batch.named.has(key)) continue;
      batch.named.add(key);
    }
    batch.rows.push({ ...r, row: numbered(r.row), file });
  }
  for (const e of parsed.errors) batch.errors.push({ ...e, row: numbered(e.row), file });
  for (const w of parsed.warnings ?? []) batch.warnings!.push({ ...w, row: numbered(w.row), file });
  if (!parsed.complete) batch.complete = false;
  const reason = parsed.complete
    ? undefined
    : (parsed.errors.at(-1)?.reason ?? 'it could not be read to its end');
  batch.files.push({
    file,
    outcome: parsed.complete ? 'read' : 'refused',
    standards: parsed.rows.filter((r) => r.value.kind === 'standard').length,
    errors: parsed.errors.length,
    ...(reason ? { reason } : {}),
  });
  return last;
}

/** Each row's file, from a batch's rows and errors (a single file has none: an empty map). */
function filesByRow(parsed: ParsedCatalogImport): Map<number, string> {
  const files = new Map<number, string>();
  for (const r of parsed.rows) if (r.file && r.row > 0) files.set(r.row, r.file);
  for (const e of parsed.errors) if (e.file && e.row > 0) files.set(e.row, e.file);
  return files;
}

const labelErrors = (errors: CatalogImportError[], files: Map<number, string>) =>
  errors.map((e) => (e.file || !files.has(e.row) ? e : { ...e, file: files.get(e.row) }));

/**
 * Names the file of each error that lacks one (the dry run's and apply's own checks, e.g. an unknown
 * committee, know only the row number).
 */
export function withErrorFiles(
  errors: CatalogImportError[],
  parsed: ParsedCatalogImport,
): CatalogImportError[] {
  const files = filesByRow(parsed);
  return files.size === 0 ? errors : labelErrors(errors, files);
}

/** Names the file of each row outcome (and of its errors), for a batch's dry run. */
export function withRowFiles(outcomes: ImportRowOutcome[], parsed: ParsedCatalogImport): ImportRowOutcome[] {
  const files = filesByRow(parsed);
  if (files.size === 0) return outcomes;
  // Row 0 is no line: a publisher or committee a file names is found by its kind and key.
  const named = new Map<string, string>();
  for (const r of parsed.rows)
    if (r.row === 0 && r.file && (r.value.kind === 'publisher' || r.value.kind === 'committee'))
      named.set(
        `${r.value.kind}:${r.value.kind === 'publisher' ? r.value.code : r.value.designation}`,
        r.file,
      );
  return outcomes.map((o) => {
    const file = o.row > 0 ? files.get(o.row) : named.get(`${o.kind}:${o.key}`);
    return { ...o, ...(file ? { file } : {}), ...(o.errors ? { errors: labelErrors(o.errors, files) } : {}) };
  });
}
