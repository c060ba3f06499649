import { isVocabularyTable } from './cdm-tables.js';

/** The table a constraint or index statement of the official DDL applies to. */
const STATEMENT_TABLE =
  /^(?:ALTER\s+TABLE|CREATE\s+(?:UNIQUE\s+)?INDEX\s+\w+\s+ON|CLUSTER)\s+(?:\w+\.)?(\w+)/i;

export function statementTable(statement: string): string | undefined {
  return STATEMENT_TABLE.exec(statement.trim())?.[1]?.toLowerCase();
}

/**
 * Splits constraint or index statements into those of the vocabulary tables (applied when
 * the schema is created, with the vocabulary they check) and those of the clinical tables,
 * which a fresh schema gets once its first load has written the rows: a foreign key
 * checked row by row during the load costs an index probe and a row lock per column.
 */
export function splitByVocabulary(statements: readonly string[]): {
  vocabulary: string[];
  clinical: string[];
} {
  const vocabulary: string[] = [];
  const clinical: string[] = [];
  for (const statement of statements) {
    const table = statementTable(statement);
    (table !== undefined && isVocabularyTable(table) ? vocabulary : clinical).push(statement);
  }
  return { vocabulary, clinical };
}
