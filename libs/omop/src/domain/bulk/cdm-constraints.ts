import { splitSqlStatements } from './sql-script.js';

export interface ForeignKey {
  name: string;
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
}

export interface PrimaryKey {
  table: string;
  columns: string[];
}

const FOREIGN_KEY =
  /^ALTER\s+TABLE\s+(?:[\w@]+\.)?(\w+)\s+ADD\s+CONSTRAINT\s+(\w+)\s+FOREIGN\s+KEY\s*\(\s*(\w+)\s*\)\s*REFERENCES\s+(?:[\w@]+\.)?(\w+)\s*\(\s*(\w+)\s*\)/i;
const PRIMARY_KEY =
  /^ALTER\s+TABLE\s+(?:[\w@]+\.)?(\w+)\s+ADD\s+CONSTRAINT\s+\w+\s+PRIMARY\s+KEY\s*\(([^)]+)\)/i;

/** The single-column foreign keys of the official constraints script, names in lower case. */
export function parseForeignKeys(script: string): ForeignKey[] {
  const keys: ForeignKey[] = [];
  for (const statement of splitSqlStatements(script)) {
    const match = FOREIGN_KEY.exec(statement);
    if (!match) continue;
    keys.push({
      table: match[1].toLowerCase(),
      name: match[2].toLowerCase(),
      column: match[3].toLowerCase(),
      refTable: match[4].toLowerCase(),
      refColumn: match[5].toLowerCase(),
    });
  }
  return keys;
}

export function parsePrimaryKeys(script: string): PrimaryKey[] {
  const keys: PrimaryKey[] = [];
  for (const statement of splitSqlStatements(script)) {
    const match = PRIMARY_KEY.exec(statement);
    if (!match) continue;
    keys.push({
      table: match[1].toLowerCase(),
      columns: match[2].split(',').map((column) => column.trim().toLowerCase()),
    });
  }
  return keys;
}
