import { AGENTS_MIGRATIONS } from '@app/agents';
import { CreateAccountsAndClients1732262400000 } from '@app/auth';
import { CONSTRUE_MIGRATIONS } from '@app/construe';
import { FHIR_MIGRATIONS } from '@app/fhir';
import { FHIR_PROVIDER_MIGRATIONS } from '@app/fhir-provider';
import { LANG2FHIR_MIGRATIONS } from '@app/lang2fhir';
import { OMOP_MIGRATIONS } from '@app/omop';
import { EnableExtensions1732262300000 } from '@app/platform';
import { SUMMARY_MIGRATIONS } from '@app/summary';
import { VOCABULARY_MIGRATIONS } from '@app/vocabulary';
import { WORKFLOWS_MIGRATIONS } from '@app/workflows';
import type { MigrationInterface } from 'typeorm';

type MigrationClass = new () => MigrationInterface;

function timestampOf(migration: MigrationClass): number {
  return Number(/(\d{13})$/.exec(migration.name)?.[1] ?? Number.NaN);
}

/**
 * Every library's migrations: the one place that knows them all. Each library owns its
 * migrations; TypeORM applies pending ones in timestamp order, and this list is kept in
 * that same order so that what is declared is what runs.
 */
export const ALL_MIGRATIONS: MigrationClass[] = [
  EnableExtensions1732262300000,
  CreateAccountsAndClients1732262400000,
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
