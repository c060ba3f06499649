import type { MigrationInterface } from 'typeorm';
import { CreateReferenceFixups1732264300000 } from './infrastructure/persistence/migrations/1732264300000-create-reference-fixups.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const LANG2FHIR_MIGRATIONS: (new () => MigrationInterface)[] = [
  CreateReferenceFixups1732264300000,
];
