import type { MigrationInterface } from 'typeorm';
import { CreateFhirSandbox1732263100000 } from './infrastructure/persistence/migrations/1732263100000-create-fhir-sandbox.js';
import { CreateFhirProfiles1732264450000 } from './infrastructure/persistence/migrations/1732264450000-create-fhir-profiles.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const FHIR_MIGRATIONS: (new () => MigrationInterface)[] = [
  CreateFhirSandbox1732263100000,
  CreateFhirProfiles1732264450000,
];
