import { MAPPED_CDM_TABLES } from '../../../domain/bulk/cdm-tables.js';

/** `_fhir_load_meta` key of the clinical tables' constraints and indices not yet added (a JSON array of statements). */
export const DEFERRED_DDL_KEY = 'deferred_ddl';

/**
 * The loader's own tables, beside the CDM's and prefixed `_fhir_` so CDM tools ignore
 * them: the persistent id map (one sequence per table, so ids are dense, unique and
 * stable across runs), and the state of runs (staging is UNLOGGED: a crash loses only a
 * run, which is started again).
 */
export function bookkeepingStatements(schema: string): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${schema}._fhir_load_meta (key text PRIMARY KEY, value text NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${schema}._fhir_source_id (
       table_name text NOT NULL, source_key text NOT NULL, id integer NOT NULL,
       PRIMARY KEY (table_name, source_key))`,
    ...MAPPED_CDM_TABLES.map(
      (table) => `CREATE SEQUENCE IF NOT EXISTS ${schema}._fhir_id_${table} AS integer`,
    ),
    `CREATE UNLOGGED TABLE IF NOT EXISTS ${schema}._fhir_load_resource (
       run_id uuid NOT NULL, seq integer NOT NULL, group_ref text NOT NULL, full_url text,
       resource text NOT NULL, PRIMARY KEY (run_id, seq))`,
    // Staged JSON is written once and read once: compressing it cost more than it saved.
    `ALTER TABLE ${schema}._fhir_load_resource ALTER COLUMN resource SET STORAGE EXTERNAL`,
    // And kept in the row up to a page (most resources): no TOAST chunks to write and read
    // back. The server's CPU for staging 100,000 resources: COPY 0.86 against 1.0 s.
    `ALTER TABLE ${schema}._fhir_load_resource SET (toast_tuple_target = 8160)`,
    ...stagingIndexStatements(schema),
    // Earlier releases staged shared resources' aliases and links; workers index them now.
    `DROP TABLE IF EXISTS ${schema}._fhir_load_alias, ${schema}._fhir_load_link`,
    `CREATE UNLOGGED TABLE IF NOT EXISTS ${schema}._fhir_load_owned (
       run_id uuid NOT NULL, table_name text NOT NULL, id integer NOT NULL,
       PRIMARY KEY (run_id, table_name, id))`,
    // The rows the shared slices wrote when they were last written, whatever the run: a
    // run that leaves the slices out (unchanged) keeps its patient batches off them.
    `CREATE TABLE IF NOT EXISTS ${schema}._fhir_shared_owned (
       table_name text NOT NULL, id integer NOT NULL, PRIMARY KEY (table_name, id))`,
    `CREATE TABLE IF NOT EXISTS ${schema}._fhir_load_batch (
       run_id uuid NOT NULL, batch_no integer NOT NULL, refs text[] NOT NULL, resources integer NOT NULL,
       status text NOT NULL DEFAULT 'pending', outcome jsonb, error text,
       updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (run_id, batch_no))`,
    `ALTER TABLE ${schema}._fhir_load_batch ADD COLUMN IF NOT EXISTS digests jsonb`,
    // What each patient's input (and each shared slice's, under `#shared/<n>`) was when it
    // was last written: a re-run skips equal ones.
    `CREATE TABLE IF NOT EXISTS ${schema}._fhir_patient_digest (
       patient_key text PRIMARY KEY, digest text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
  ];
}

/** The staging table's look-up index: dropped while a run stages, built once it is staged. */
export function stagingIndexStatements(schema: string): string[] {
  return [
    `CREATE INDEX IF NOT EXISTS _fhir_load_resource_group_idx ON ${schema}._fhir_load_resource (run_id, group_ref)`,
  ];
}

export function dropStagingIndexStatements(schema: string): string[] {
  return [`DROP INDEX IF EXISTS ${schema}._fhir_load_resource_group_idx`];
}
