import { parse } from 'csv-parse/sync';
import type { SystemCode } from './code-system.js';

export class UploadFormatError extends Error {
  constructor(
    message: string,
    readonly row?: number,
  ) {
    super(row === undefined ? message : `row ${row}: ${message}`);
  }
}

export interface CsvColumns {
  codeColumn?: string;
  descriptionColumn?: string;
  definitionColumn?: string;
}

const MAX_CODE_LENGTH = 100;
const MAX_DESCRIPTION_LENGTH = 4_000;

function decodeBase64(file: string): string {
  const compact = file.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw new UploadFormatError('file is not valid base64');
  }
  return Buffer.from(compact, 'base64')
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/** Checks every code, naming the row (1-based, as a spreadsheet would show it) of the first problem. */
export function validateCodes(codes: readonly Partial<SystemCode>[], firstRow = 1): SystemCode[] {
  if (codes.length === 0) throw new UploadFormatError('the upload holds no codes');
  const seen = new Map<string, number>();
  return codes.map((entry, index) => {
    const row = index + firstRow;
    const code = typeof entry.code === 'string' ? entry.code.trim() : '';
    const description = typeof entry.description === 'string' ? entry.description.trim() : '';
    if (code === '') throw new UploadFormatError('empty code', row);
    if (description === '') throw new UploadFormatError(`empty description for code ${code}`, row);
    if (code.length > MAX_CODE_LENGTH)
      throw new UploadFormatError(`code longer than ${MAX_CODE_LENGTH} characters`, row);
    if (description.length > MAX_DESCRIPTION_LENGTH)
      throw new UploadFormatError(
        `description longer than ${MAX_DESCRIPTION_LENGTH} characters`,
        row,
      );
    const first = seen.get(code);
    if (first !== undefined)
      throw new UploadFormatError(`duplicate code ${code} (first at row ${first})`, row);
    seen.set(code, row);
    const definition =
      typeof entry.definition === 'string' && entry.definition.trim() !== ''
        ? entry.definition.trim()
        : undefined;
    return definition === undefined ? { code, description } : { code, description, definition };
  });
}

/** A base64 CSV file with a header row; rows are numbered as in the file (the header is row 1). */
export function codesFromCsv(file: string, columns: CsvColumns): SystemCode[] {
  if (!columns.codeColumn || !columns.descriptionColumn) {
    throw new UploadFormatError('code_col and desc_col are required for csv uploads');
  }
  let records: string[][];
  try {
    records = parse(decodeBase64(file), {
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
      trim: true,
    });
  } catch (error) {
    if (error instanceof UploadFormatError) throw error;
    const line = (error as { lines?: number }).lines;
    throw new UploadFormatError(`CSV could not be parsed: ${(error as Error).message}`, line);
  }
  const [header, ...rows] = records;
  if (!header) throw new UploadFormatError('the CSV file is empty');
  const position = (column: string | undefined, option: string): number => {
    if (column === undefined) return -1;
    const index = header.findIndex((name) => name.trim() === column.trim());
    if (index === -1)
      throw new UploadFormatError(
        `column "${column}" (${option}) is not in the CSV header (${header.join(', ')})`,
        1,
      );
    return index;
  };
  const codeAt = position(columns.codeColumn, 'code_col');
  const descriptionAt = position(columns.descriptionColumn, 'desc_col');
  const definitionAt = position(columns.definitionColumn, 'defn_col');
  return validateCodes(
    rows.map((row) => ({
      code: row[codeAt],
      description: row[descriptionAt],
      definition: definitionAt === -1 ? undefined : row[definitionAt],
    })),
    2,
  );
}

/** A base64 JSON array of `{ code, description, definition? }`. */
export function codesFromJsonFile(file: string): SystemCode[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeBase64(file));
  } catch (error) {
    if (error instanceof UploadFormatError) throw error;
    throw new UploadFormatError('file is not valid JSON');
  }
  if (!Array.isArray(parsed))
    throw new UploadFormatError('the JSON file must hold an array of codes');
  return validateCodes(
    parsed.map((entry) =>
      typeof entry === 'object' && entry !== null ? (entry as Partial<SystemCode>) : {},
    ),
  );
}
