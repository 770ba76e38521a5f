export {
  dateOfAnyPrecision,
  listOf,
  MappedRecords,
  mapRecord,
  referenceParts,
  stageCode,
} from './column-mapping.ts';
export {
  type CsvImportOptions,
  csvLine,
  type ImportSource,
  parseCatalogCsv,
  serializeCatalogCsv,
} from './csv.ts';
export { columnName, IMPORT_FIELDS } from './rows.ts';
export { parseStsFile, parseStsXml } from './sts.ts';
export { readTableHead, type TableHead } from './table-head.ts';
export { parseCatalogXlsx, readXlsxRows, type XlsxLimit, type XlsxLimits } from './xlsx.ts';
export { decodeXmlBytes, type XmlDecoding } from './xml-encoding.ts';
export {
  type ParsedZipBatch,
  parseStsZip,
  withErrorFiles,
  withRowFiles,
  type ZipBatchOptions,
} from './zip.ts';
