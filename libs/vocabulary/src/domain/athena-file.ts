import type { VocabularyTable } from './athena-tables.js';

/** A file the importer cannot read; `line` is its 1-based line number when one row is at fault. */
export class AthenaFormatError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

/** How the lines of an Athena file reach its table. */
export interface AthenaLayout {
  /** The table columns the lines give, in their order. */
  columns: string[];
  /**
   * Null when the lines go to the database as they are (every header column is one of the
   * table's); otherwise, per column above, its index in a line (the header has others too).
   */
  project: number[] | null;
}

/**
 * Maps an Athena header to the table's columns; files may order columns differently or
 * carry extra ones. A required column missing is an error.
 */
export function athenaLayout(table: VocabularyTable, header: string[]): AthenaLayout {
  const names = header.map((name) => name.trim().toLowerCase());
  for (const [name, , required] of table.columns)
    if (required && !names.includes(name)) throw new AthenaFormatError(`missing column ${name}`);
  const known = new Set(table.columns.map(([name]) => name));
  if (names.every((name) => known.has(name)) && new Set(names).size === names.length)
    return { columns: names, project: null };
  const columns = table.columns.map(([name]) => name).filter((name) => names.includes(name));
  return { columns, project: columns.map((name) => names.indexOf(name)) };
}

/** One tab-delimited line cut down to the layout's columns. */
export function projectLine(line: string, project: number[]): string {
  const fields = line.split('\t');
  let projected = fields[project[0]] ?? '';
  for (let position = 1; position < project.length; position += 1)
    projected += '\t' + (fields[project[position]] ?? '');
  return projected;
}
