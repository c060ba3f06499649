import { AGENTS_MIGRATIONS } from '@app/agents/migrations';
import { AUTH_MIGRATIONS } from '@app/auth/migrations';
import { CONSTRUE_MIGRATIONS } from '@app/construe/migrations';
import { FHIR_MIGRATIONS } from '@app/fhir/migrations';
import { FHIR_PROVIDER_MIGRATIONS } from '@app/fhir-provider/migrations';
import { LANG2FHIR_MIGRATIONS } from '@app/lang2fhir/migrations';
import { OMOP_MIGRATIONS } from '@app/omop/migrations';
import { PLATFORM_MIGRATIONS } from '@app/platform/migrations';
import { SUMMARY_MIGRATIONS } from '@app/summary/migrations';
import { VOCABULARY_MIGRATIONS } from '@app/vocabulary/migrations';
import { WORKFLOWS_MIGRATIONS } from '@app/workflows/migrations';
import type { MigrationInterface } from 'typeorm';

type MigrationClass = new () => MigrationInterface;

function timestampOf(migration: MigrationClass): number {
  return Number(/(\d{13})$/.exec(migration.name)?.[1] ?? Number.NaN);
}

/**
 * Every library's migrations: the one place that knows them all. Each library owns its
 * migrations; TypeORM applies pending ones in timestamp order, and this list is kept in
 * that same order so that what is declared is what runs. They come from each library's
 * schema entry (`@app/<lib>/migrations`), which loads the migration classes only: a process
 * that migrates does not load every library's runtime (see docs/architecture.md).
 */
export const ALL_MIGRATIONS: MigrationClass[] = [
  ...PLATFORM_MIGRATIONS,
  ...AUTH_MIGRATIONS,
  ...VOCABULARY_MIGRATIONS,
  ...CONSTRUE_MIGRATIONS,
  ...FHIR_MIGRATIONS,
  ...FHIR_PROVIDER_MIGRATIONS,
  ...SUMMARY_MIGRATIONS,
  ...OMOP_MIGRATIONS,
  ...LANG2FHIR_MIGRATIONS,
  ...WORKFLOWS_MIGRATIONS,
  ...AGENTS_MIGRATIONS,
].sort((a, b) => timestampOf(a) - timestampOf(b));
