/** The placeholder the official OHDSI DDL files use for the target schema. */
export const CDM_SCHEMA_PLACEHOLDER = '@cdmDatabaseSchema';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Schema names are written into SQL unquoted, so only plain lower-case identifiers are accepted. */
export function isPlainIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

export function bindCdmSchema(script: string, schema: string): string {
  if (!isPlainIdentifier(schema)) throw new Error(`"${schema}" is not a plain SQL identifier`);
  return script.split(CDM_SCHEMA_PLACEHOLDER).join(schema);
}

/**
 * Splits a SQL script into statements: drops `--` and `/* … *\/` comments and splits on
 * semicolons outside quoted strings and identifiers. Enough for the OHDSI DDL files,
 * which hold no functions or dollar-quoted bodies.
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let index = 0;
  while (index < script.length) {
    const char = script[index];
    const next = script[index + 1];
    if (char === '-' && next === '-') {
      const end = script.indexOf('\n', index);
      index = end === -1 ? script.length : end;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = script.indexOf('*/', index + 2);
      index = end === -1 ? script.length : end + 2;
      current += ' ';
      continue;
    }
    if (char === "'" || char === '"') {
      let end = index + 1;
      while (end < script.length) {
        if (script[end] === char && script[end + 1] === char) end += 2;
        else if (script[end] === char) break;
        else end += 1;
      }
      current += script.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    if (char === ';') {
      if (current.trim() !== '') statements.push(current.trim());
      current = '';
      index += 1;
      continue;
    }
    current += char;
    index += 1;
  }
  if (current.trim() !== '') statements.push(current.trim());
  return statements;
}
