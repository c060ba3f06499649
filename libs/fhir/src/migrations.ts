import type { MigrationInterface } from 'typeorm';
import { CreateFhirSandbox1732263100000 } from './infrastructure/persistence/migrations/1732263100000-create-fhir-sandbox.js';
import { CreateFhirProfiles1732264450000 } from './infrastructure/persistence/migrations/1732264450000-create-fhir-profiles.js';
import { CreateFhirValueSets1764064800000 } from './infrastructure/persistence/migrations/1764064800000-create-fhir-value-sets.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const FHIR_MIGRATIONS: (new () => MigrationInterface)[] = [
  CreateFhirSandbox1732263100000,
  CreateFhirProfiles1732264450000,
  CreateFhirValueSets1764064800000,
];
