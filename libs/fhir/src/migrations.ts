import type { MigrationInterface } from 'typeorm';
import { CreateFhirSandbox1732263100000 } from './infrastructure/persistence/migrations/1732263100000-create-fhir-sandbox.js';

/** This library's migrations, in order; libs/migrations appends them to the global list. */
export const FHIR_MIGRATIONS: (new () => MigrationInterface)[] = [CreateFhirSandbox1732263100000];
