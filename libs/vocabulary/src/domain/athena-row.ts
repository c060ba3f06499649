import type { ColumnType, VocabularyTable } from './athena-tables.js';

export type CellValue = string | number | null;
export type Row = CellValue[];

export class AthenaFormatError extends Error {}

const EIGHT_DIGITS = /^\d{8}$/;

/** Athena dates are YYYYMMDD; older exports use YYYY-MM-DD. */
function parseDate(value: string): string {
  if (value.length === 8 && EIGHT_DIGITS.test(value))
    return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  throw new AthenaFormatError(`"${value}" is not a YYYYMMDD date`);
}

function parseCell(
  raw: string | undefined,
  type: ColumnType,
  required: boolean,
  column: string,
): CellValue {
  const value = raw?.trim() ?? '';
  if (value === '') {
    if (required && type !== 'text') throw new AthenaFormatError(`${column} is empty`);
    return type === 'text' && required ? '' : null;
  }
  switch (type) {
    case 'int': {
      const parsed = Number(value);
      if (!Number.isInteger(parsed))
        throw new AthenaFormatError(`${column} "${value}" is not an integer`);
      return parsed;
    }
    case 'numeric':
      if (Number.isNaN(Number(value)))
        throw new AthenaFormatError(`${column} "${value}" is not a number`);
      return value;
    case 'date':
      return parseDate(value);
    default:
      return value;
  }
}

/**
 * Maps an Athena header to the table's columns; files may order columns differently or
 * carry extra ones. Returns, per table column, its index in the file (-1 when absent).
 */
export function columnIndexes(table: VocabularyTable, header: string[]): number[] {
  const normalized = header.map((name) => name.trim().toLowerCase());
  return table.columns.map(([name, , required]) => {
    const index = normalized.indexOf(name);
    if (index === -1 && required)
      throw new AthenaFormatError(`${table.file}: missing column ${name}`);
    return index;
  });
}

/** One tab-delimited line to typed cells in the table's column order. */
export function parseAthenaLine(table: VocabularyTable, indexes: number[], line: string): Row {
  const fields = line.split('\t');
  const row: Row = new Array<CellValue>(indexes.length);
  // A plain loop: this runs once per row of files with tens of millions of rows.
  for (let position = 0; position < indexes.length; position += 1) {
    const [name, type, required] = table.columns[position];
    const index = indexes[position];
    row[position] = parseCell(index === -1 ? undefined : fields[index], type, required, name);
  }
  return row;
}
