export { FhirProviderModule } from './fhir-provider.module.js';
export { FHIR_PROVIDER_MIGRATIONS } from './migrations.js';
