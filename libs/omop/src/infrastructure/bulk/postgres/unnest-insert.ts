import type { CdmColumn } from '../../../domain/bulk/cdm-columns.js';
import type { SqlRow } from '../../../domain/bulk/conform-rows.js';

export interface UnnestInsert {
  schema: string;
  table: string;
  columns: readonly CdmColumn[];
  rows: readonly SqlRow[];
  /** Key columns to upsert on; only rows whose values changed are rewritten. */
  conflict?: { keys: readonly string[] };
}

/**
 * One INSERT for any number of rows: each column travels as one text array and is cast
 * in SQL, so the statement has as many parameters as the table has columns.
 */
export function unnestInsert(spec: UnnestInsert): { text: string; values: unknown[] } {
  const names = spec.columns.map((column) => column.name);
  const arrays = spec.columns.map((column, index) => `$${index + 1}::text[]`);
  const casts = spec.columns.map((column) => `u.${column.name}::${column.sqlType}`);
  let text =
    `INSERT INTO ${spec.schema}.${spec.table} AS t (${names.join(', ')}) ` +
    `SELECT ${casts.join(', ')} FROM unnest(${arrays.join(', ')}) AS u(${names.join(', ')})`;
  if (spec.conflict) {
    const keys = spec.conflict.keys;
    const others = names.filter((name) => !keys.includes(name));
    if (others.length === 0) {
      text += ` ON CONFLICT (${keys.join(', ')}) DO NOTHING`;
    } else {
      // Unchanged rows are left alone: a re-run writes nothing it does not need to.
      text +=
        ` ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ` +
        others.map((name) => `${name} = EXCLUDED.${name}`).join(', ') +
        ` WHERE (${others.map((name) => `t.${name}`).join(', ')}) IS DISTINCT FROM (${others
          .map((name) => `EXCLUDED.${name}`)
          .join(', ')})`;
    }
  }
  const values = spec.columns.map((column) => spec.rows.map((row) => row[column.name] ?? null));
  return { text, values };
}
