export { OmopModule } from './omop.module.js';
export { OmopBulkModule } from './omop-bulk.module.js';
export { OMOP_MIGRATIONS } from './migrations.js';
export { MapFhirToOmopQuery } from './application/queries/map-fhir-to-omop/map-fhir-to-omop.query.js';
