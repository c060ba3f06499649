export { FhirModule } from './fhir.module.js';
export { FHIR_MIGRATIONS } from './migrations.js';
