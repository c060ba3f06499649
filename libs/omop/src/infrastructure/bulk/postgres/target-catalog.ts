import type pg from 'pg';
import { cdmColumn, type CdmColumn } from '../../../domain/bulk/cdm-columns.js';
import { parseForeignKeys, type ForeignKey } from '../../../domain/bulk/cdm-constraints.js';
import { DEFERRED_DDL_KEY } from './bookkeeping-ddl.js';

export interface TableShape {
  columns: CdmColumn[];
  primaryKey: string[];
}

/**
 * The tables, keys and foreign keys of a schema as the database itself declares them,
 * plus the foreign keys recorded to be added after a fresh schema's first load.
 */
export interface TargetCatalog {
  tables: Map<string, TableShape>;
  foreignKeys: ForeignKey[];
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  character_maximum_length: number | null;
}

interface ConstraintRow {
  table_name: string;
  name: string;
  kind: 'p' | 'f';
  columns: string[];
  ref_table: string | null;
  ref_columns: string[] | null;
}

const PLAIN = /^[a-z_][a-z0-9_]*$/;

export async function readTargetCatalog(
  db: pg.Pool | pg.PoolClient,
  schema: string,
): Promise<TargetCatalog> {
  const columns = await db.query<ColumnRow>(
    `SELECT table_name, column_name, data_type, is_nullable, character_maximum_length
       FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
    [schema],
  );
  const tables = new Map<string, TableShape>();
  for (const row of columns.rows) {
    // Only plain names are ever written into SQL.
    if (!PLAIN.test(row.table_name) || !PLAIN.test(row.column_name)) continue;
    let shape = tables.get(row.table_name);
    if (!shape) tables.set(row.table_name, (shape = { columns: [], primaryKey: [] }));
    shape.columns.push(
      cdmColumn(
        row.column_name,
        row.data_type,
        row.is_nullable === 'YES',
        row.character_maximum_length,
      ),
    );
  }
  const constraints = await db.query<ConstraintRow>(
    `SELECT rel.relname AS table_name, con.conname AS name, con.contype AS kind,
            ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(num, pos)
                  JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num ORDER BY k.pos) AS columns,
            ref.relname AS ref_table,
            ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(num, pos)
                  JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num ORDER BY k.pos) AS ref_columns
       FROM pg_constraint con
       JOIN pg_class rel ON rel.oid = con.conrelid
       JOIN pg_namespace ns ON ns.oid = rel.relnamespace
       LEFT JOIN pg_class ref ON ref.oid = con.confrelid
      WHERE ns.nspname = $1 AND con.contype IN ('p', 'f')`,
    [schema],
  );
  const foreignKeys: ForeignKey[] = [];
  for (const row of constraints.rows) {
    const shape = tables.get(row.table_name);
    if (!shape) continue;
    if (row.kind === 'p') shape.primaryKey = row.columns;
    else if (
      row.ref_table &&
      tables.has(row.ref_table) &&
      row.columns.length === 1 &&
      row.ref_columns?.length === 1
    )
      foreignKeys.push({
        name: row.name,
        table: row.table_name,
        column: row.columns[0],
        refTable: row.ref_table,
        refColumn: row.ref_columns[0],
      });
  }
  const declared = new Set(foreignKeys.map((key) => key.name));
  for (const key of await deferredForeignKeys(db, schema))
    if (!declared.has(key.name) && tables.has(key.table) && tables.has(key.refTable))
      foreignKeys.push(key);
  return { tables, foreignKeys };
}

async function deferredForeignKeys(
  db: pg.Pool | pg.PoolClient,
  schema: string,
): Promise<ForeignKey[]> {
  const { rows: meta } = await db.query<{ found: string | null }>(
    'SELECT to_regclass($1)::text AS found',
    [`${schema}._fhir_load_meta`],
  );
  if (meta[0].found === null) return [];
  const { rows } = await db.query<{ value: string }>(
    `SELECT value FROM ${schema}._fhir_load_meta WHERE key = $1`,
    [DEFERRED_DDL_KEY],
  );
  if (rows.length === 0) return [];
  return parseForeignKeys((JSON.parse(rows[0].value) as string[]).join(';\n'));
}
