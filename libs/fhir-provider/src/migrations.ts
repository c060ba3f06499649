import type { MigrationInterface } from 'typeorm';
import { CreateFhirProviders1732263200000 } from './infrastructure/persistence/migrations/1732263200000-create-fhir-providers.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const FHIR_PROVIDER_MIGRATIONS: (new () => MigrationInterface)[] = [
  CreateFhirProviders1732263200000,
];
