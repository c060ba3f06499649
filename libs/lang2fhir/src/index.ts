export { Lang2FhirModule } from './lang2fhir.module.js';
export { LANG2FHIR_MIGRATIONS } from './migrations.js';
export {
  TextToFhirQuery,
  type TextToFhirResult,
  type ElementDerivation,
} from './application/queries/text-to-fhir/text-to-fhir.query.js';
