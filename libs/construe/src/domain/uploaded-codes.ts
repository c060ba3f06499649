import { parse } from 'csv-parse';
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

/**
 * Lets other work run between slices. An upload of 100,000 codes is seconds of parsing and
 * checking; in slices the event loop is never held for more than a few milliseconds.
 */
export type YieldToLoop = () => Promise<void>;

const MAX_CODE_LENGTH = 100;
const MAX_DESCRIPTION_LENGTH = 4_000;
const VALIDATE_SLICE = 2_000;
const CSV_SLICE_CHARS = 128 * 1024;

function decodeBase64(file: string): string {
  const compact = file.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw new UploadFormatError('file is not valid base64');
  }
  return Buffer.from(compact, 'base64')
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

function text(value: unknown, field: string, row: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new UploadFormatError(`${field} must be a string`, row);
  return value.trim();
}

function checkCode(entry: unknown, row: number, seen: Map<string, number>): SystemCode {
  const fields =
    typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
  const code = text(fields.code, 'code', row);
  const description = text(fields.description, 'description', row);
  const definition = text(fields.definition, 'definition', row);
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
  return definition === '' ? { code, description } : { code, description, definition };
}

/**
 * Checks every code, naming the row (1-based, as a spreadsheet would show it) of the first
 * problem; in slices, yielding between them.
 */
export async function validateCodes(
  codes: readonly unknown[],
  yieldToLoop: YieldToLoop,
  firstRow = 1,
): Promise<SystemCode[]> {
  if (codes.length === 0) throw new UploadFormatError('the upload holds no codes');
  const seen = new Map<string, number>();
  const valid: SystemCode[] = [];
  for (let start = 0; start < codes.length; start += VALIDATE_SLICE) {
    if (start > 0) await yieldToLoop();
    const end = Math.min(codes.length, start + VALIDATE_SLICE);
    for (let index = start; index < end; index++) {
      valid.push(checkCode(codes[index], index + firstRow, seen));
    }
  }
  return valid;
}

function csvFailure(error: unknown): UploadFormatError {
  if (error instanceof UploadFormatError) return error;
  const line = (error as { lines?: number }).lines;
  return new UploadFormatError(`CSV could not be parsed: ${(error as Error).message}`, line);
}

/** The records of a CSV text, parsed a slice of characters at a time. */
async function parseCsv(csv: string, yieldToLoop: YieldToLoop): Promise<string[][]> {
  const records: string[][] = [];
  const parser = parse({ relax_column_count: true, skip_empty_lines: true, bom: true, trim: true });
  let failure: unknown;
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (error) => {
      failure ??= error;
      resolve();
    });
  });
  parser.on('data', (record: string[]) => records.push(record));
  for (let at = 0; at < csv.length && failure === undefined; at += CSV_SLICE_CHARS) {
    parser.write(csv.slice(at, at + CSV_SLICE_CHARS));
    await yieldToLoop();
  }
  if (failure === undefined) parser.end();
  await ended;
  if (failure !== undefined) throw csvFailure(failure);
  return records;
}

/** A base64 CSV file with a header row; rows are numbered as in the file (the header is row 1). */
export async function codesFromCsv(
  file: string,
  columns: CsvColumns,
  yieldToLoop: YieldToLoop,
): Promise<SystemCode[]> {
  if (!columns.codeColumn || !columns.descriptionColumn) {
    throw new UploadFormatError('code_col and desc_col are required for csv uploads');
  }
  const [header, ...rows] = await parseCsv(decodeBase64(file), yieldToLoop);
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
    yieldToLoop,
    2,
  );
}

/** A base64 JSON array of `{ code, description, definition? }`. */
export async function codesFromJsonFile(
  file: string,
  yieldToLoop: YieldToLoop,
): Promise<SystemCode[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeBase64(file));
  } catch (error) {
    if (error instanceof UploadFormatError) throw error;
    throw new UploadFormatError('file is not valid JSON');
  }
  if (!Array.isArray(parsed))
    throw new UploadFormatError('the JSON file must hold an array of codes');
  return validateCodes(parsed, yieldToLoop);
}
