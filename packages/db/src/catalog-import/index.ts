export {
  type CsvImportOptions,
  csvLine,
  type ImportSource,
  parseCatalogCsv,
  serializeCatalogCsv,
} from './csv.ts';
export { columnName, IMPORT_FIELDS } from './rows.ts';
export { parseStsXml } from './sts.ts';
